import { data, redirect } from "react-router";
import { localizeMessage } from "~server/lib/messages/localize";
import { SignInBody } from "~server/modules/auth/sign-in";
import {
  PlatformCreateSchool,
  PlatformInvite,
  PlatformSchoolParams,
} from "~server/modules/platform/platform.schemas";
import { platformSessionCookie, platformTokenIn } from "~server/modules/platform/platform-cookie";
import type { Route } from "./+types/platform";

/**
 * The platform operators' page (issue 16 item 12): sign-in, then the schools (create with the first
 * Super Admin's invitation, suspend, resume, invite). Served on the platform's own address only, never
 * on a school's hostname; the operator's session is its own cookie, apart from every school's realms.
 */
async function operatorOf(context: Route.LoaderArgs["context"], request: Request) {
  if (context.origin !== context.services.schoolAddresses.platformOrigin) {
    throw data(null, { status: 404 });
  }
  const token = platformTokenIn(request.headers.get("cookie"));
  return token ? context.services.platform.authenticate(token) : null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const operator = await operatorOf(context, request);
  if (!operator) return { operator: null, schools: [] };
  return {
    operator: { name: operator.name, email: operator.email },
    schools: await context.services.platform.listSchools(),
  };
}

export interface PlatformActionResult {
  intent: string;
  /** The school the answer is about (suspend, resume, invite). */
  schoolId?: string;
  /** What went wrong, in the page's language. */
  error?: string;
  /** What was done, as an i18n key under `platform.done`. */
  done?: string;
}

const secure = (context: Route.ActionArgs["context"]) => context.origin.startsWith("https:");

function problem(error: unknown, language: string): string {
  const candidate = error as { name?: string; status?: number; message?: string } | null;
  if (!(error instanceof Error) || candidate?.name !== "AppError" || (candidate.status ?? 500) >= 500)
    throw error;
  return localizeMessage(candidate.message ?? "", language);
}

function firstIssue(error: import("zod").ZodError, language: string): string {
  return localizeMessage(error.issues[0]?.message ?? "Please check the form.", language);
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const { platform } = context.services;
  const fail = (error: string, schoolId?: string) =>
    data<PlatformActionResult>({ intent, error, ...(schoolId ? { schoolId } : {}) }, 400);

  if (intent === "login") {
    if (context.origin !== context.services.schoolAddresses.platformOrigin) throw data(null, { status: 404 });
    const parsed = SignInBody.safeParse({ email: text("email"), password: text("password") });
    if (!parsed.success) return fail(firstIssue(parsed.error, context.language));
    try {
      const result = await platform.login(parsed.data, context.client);
      return redirect("/platform", {
        headers: { "set-cookie": platformSessionCookie(result.token, result.expiresAt, secure(context)) },
      });
    } catch (error) {
      return fail(problem(error, context.language));
    }
  }

  const operator = await operatorOf(context, request);
  if (!operator)
    return fail(localizeMessage("Please sign in as a platform operator to continue.", context.language));

  if (intent === "logout") {
    await platform.logout(operator.sessionId);
    return redirect("/platform", {
      headers: { "set-cookie": platformSessionCookie("", new Date(0), secure(context)) },
    });
  }
  if (intent === "create") {
    const parsed = PlatformCreateSchool.safeParse({
      name: text("name"),
      slug: text("slug"),
      superAdmin: { email: text("adminEmail"), ...(text("adminName") ? { name: text("adminName") } : {}) },
    });
    if (!parsed.success) return fail(firstIssue(parsed.error, context.language));
    try {
      await platform.createSchool(parsed.data, operator, { language: context.language });
      return data<PlatformActionResult>({ intent, done: "created" });
    } catch (error) {
      return fail(problem(error, context.language));
    }
  }
  const params = PlatformSchoolParams.safeParse({ id: text("schoolId") });
  if (!params.success) return fail(firstIssue(params.error, context.language));
  const schoolId = params.data.id;
  try {
    if (intent === "suspend" || intent === "resume") {
      await platform.setSuspended(schoolId, intent === "suspend");
      return data<PlatformActionResult>({
        intent,
        schoolId,
        done: intent === "suspend" ? "suspended" : "resumed",
      });
    }
    if (intent === "invite") {
      const parsed = PlatformInvite.safeParse({ email: text("email") });
      if (!parsed.success) return fail(firstIssue(parsed.error, context.language), schoolId);
      await platform.inviteSuperAdmin(schoolId, parsed.data, operator, { language: context.language });
      return data<PlatformActionResult>({ intent, schoolId, done: "invited" });
    }
  } catch (error) {
    return fail(problem(error, context.language), schoolId);
  }
  return fail(localizeMessage("Unknown action.", context.language));
}
