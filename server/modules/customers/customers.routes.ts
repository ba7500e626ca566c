import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Area } from "~shared/permissions";
import { forbidden, notFound, unauthorized } from "../../lib/errors";
import { requireCustomer, requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import type { StaffPrincipal } from "../staff/staff-access";
import {
  AdminCreateCustomer,
  AdminCustomerOrdersBody,
  AdminImportCustomers,
  AdminListCustomersQuery,
  Customer,
  CustomerDataExport,
  CustomerIdParams,
  CustomerList,
  CustomerOrderList,
  CustomerSignIn,
  DeleteAccountBody,
  GuestSignIn,
  ImportResult,
  Message,
  StoreChangePasswordBody,
  StoreClaimPurchasesBody,
  StoreForgotPasswordBody,
  StoreLoginBody,
  StoreRegisterBody,
  StoreRequestSignInLinkBody,
  StoreResetPasswordBody,
  StoreUseSignInLinkBody,
  StudentUpdateBody,
  UpdateCustomerBody,
} from "./customers.schemas";
import {
  CLAIM_MESSAGES,
  FORGOT_PASSWORD_ANSWER,
  SIGN_IN_LINK_MESSAGES,
  type SignedIn,
  type StaffActor,
} from "./customers.service";

const TAG = "Customers";
const ACCOUNT_TAG = "Customer account";
const bearer = [{ bearer: [] }];

/** Staff-only routes: a signed-in customer gets 403 (they are signed in, just not allowed). */
async function staffOnly(request: FastifyRequest, level: "read" | "write") {
  const area: Area = "customers";
  if (!request.staffSession && request.customer) throw forbidden();
  return requireStaff(request, area, level);
}

/**
 * The customer themself, or staff allowed `level` on customers. Another customer's id answers
 * 404, exactly like an id that does not exist, so ids cannot be probed.
 */
async function selfOrStaff(
  request: FastifyRequest,
  id: string,
  level: "read" | "write",
): Promise<StaffActor | null> {
  if (request.customer?.customerId === id) return null;
  if (request.staffSession) return actorOf(await requireStaff(request, "customers", level));
  if (request.customer) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
  throw unauthorized();
}

const actorOf = (principal: StaffPrincipal): StaffActor => ({
  id: principal.staffId,
  email: principal.email,
});

function client(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}

function signInAnswer(result: SignedIn) {
  return {
    token: result.session.token,
    role: "customer" as const,
    expiresAt: result.session.expiresAt.toISOString(),
    customer: result.customer,
  };
}

/** Customer accounts (sign-up, sign-in, passwords) and the staff's customer records. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { customers } = app.services;
  const cookies = app.sessionCookies;

  // ---------- Account ----------

  app.post(
    "/customer/register",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary: "Sign up (claims a guest or imported customer with the same email)",
        body: StoreRegisterBody,
        response: { 201: CustomerSignIn, 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const result = await customers.register(request.company.id, request.body, client(request), {
        origin: request.schoolOrigin,
        language: request.language,
      });
      if (request.visitorSession) await customers.logout(request.visitorSession.id);
      reply.header("set-cookie", cookies.customerSignIn(result.session, result.customer));
      return reply.status(201).send(signInAnswer(result));
    },
  );

  app.post(
    "/customer/login",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary: "Sign in; starts a new session every time",
        body: StoreLoginBody,
        response: { 200: CustomerSignIn, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const result = await customers.login(request.company.id, request.body, client(request), {
        origin: request.schoolOrigin,
        language: request.language,
      });
      if (request.visitorSession) await customers.logout(request.visitorSession.id);
      reply.header("set-cookie", cookies.customerSignIn(result.session, result.customer));
      return signInAnswer(result);
    },
  );

  app.post(
    "/customer/logout",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary: "Sign out a customer or guest: ends the session and clears the cookies",
        security: bearer,
        response: { 200: Message },
      },
    },
    async (request, reply) => {
      if (request.visitorSession) await customers.logout(request.visitorSession.id);
      reply.header("set-cookie", cookies.signOut());
      return { message: "You have been signed out." };
    },
  );

  app.post(
    "/customer/guest",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary: "Continue as guest: starts a guest session",
        response: { 201: GuestSignIn },
      },
    },
    async (request, reply) => {
      const session = await customers.startGuest(request.company.id, client(request));
      if (request.visitorSession) await customers.logout(request.visitorSession.id);
      reply.header("set-cookie", cookies.guestSignIn(session));
      return reply
        .status(201)
        .send({ token: session.token, role: "guest" as const, expiresAt: session.expiresAt.toISOString() });
    },
  );

  app.put(
    "/customer/forget-password",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary: "Mail a password reset link (same answer whether or not the email is known)",
        body: StoreForgotPasswordBody,
        response: { 200: Message, 400: ErrorResponse },
      },
    },
    async (request) => {
      await customers.requestPasswordReset(request.company.id, request.body.email, {
        origin: request.schoolOrigin,
        language: request.language,
        client: client(request),
      });
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.put(
    "/customer/reset-password",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary: "Set a new password with a reset link's token; ends every session",
        body: StoreResetPasswordBody,
        response: { 200: Message, 400: ErrorResponse },
      },
    },
    async (request) => {
      await customers.resetPassword(request.company.id, request.body, client(request));
      return { message: "Your password has been successfully changed" };
    },
  );

  app.post(
    "/customer/claim-purchases",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary:
          "Add a guest's (or an imported) record with the same email to the account, with the link mailed to that address",
        body: StoreClaimPurchasesBody,
        response: { 200: Message, 400: ErrorResponse },
      },
    },
    async (request) => {
      await customers.claimPurchases(request.company.id, request.body.token);
      return { message: CLAIM_MESSAGES.done };
    },
  );

  app.post(
    "/customer/sign-in-link",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary:
          "Mail a single-use sign-in link, valid for one hour (same answer whether or not the email is known)",
        body: StoreRequestSignInLinkBody,
        response: { 200: Message, 400: ErrorResponse },
      },
    },
    async (request) => {
      await customers.requestSignInLink(request.company.id, request.body.email, {
        origin: request.schoolOrigin,
        language: request.language,
        client: client(request),
        next: request.body.next ?? null,
      });
      return { message: SIGN_IN_LINK_MESSAGES.sent };
    },
  );

  app.post(
    "/customer/sign-in-link/use",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary: "Sign in with a mailed sign-in link's token (single use); starts a customer session",
        body: StoreUseSignInLinkBody,
        response: { 200: CustomerSignIn, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const result = await customers.signInWithLink(request.company.id, request.body.token, client(request));
      if (request.visitorSession) await customers.logout(request.visitorSession.id);
      reply.header("set-cookie", cookies.customerSignIn(result.session, result.customer));
      return signInAnswer(result);
    },
  );

  app.post(
    "/customer/change-password",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary:
          "Change the signed-in customer's password (a first password, for a record that never had one, needs no current password); other sessions end",
        security: bearer,
        body: StoreChangePasswordBody,
        response: { 200: Message, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      await customers.changePassword(request.company.id, customer, request.body);
      return { message: "Your password has been changed." };
    },
  );

  app.get(
    "/customer/data-export",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary: "Download everything the school holds about the signed-in customer, as JSON",
        description:
          "Account, orders (lines, schedule, invoice number, checkout consents), enrolments, lesson " +
          "progress and reviews: the GDPR right of access and data portability.",
        security: bearer,
        response: { 200: CustomerDataExport, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const exported = await customers.exportData(request.company.id, customer.customerId, request.language);
      reply.header("content-disposition", 'attachment; filename="my-data.json"');
      reply.header("cache-control", "no-store");
      return exported;
    },
  );

  app.post(
    "/customer/delete-account",
    {
      schema: {
        tags: [ACCOUNT_TAG],
        summary: "Delete the signed-in customer's account (confirmed with the password); every session ends",
        description:
          "The profile, progress, reviews and course access are deleted. Orders and invoices are kept, " +
          "without name and email, because bookkeeping law requires it. Refused (409) while a payment " +
          "plan still has instalments to pay.",
        security: bearer,
        body: DeleteAccountBody,
        response: { 200: Message, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      await customers.deleteOwnAccount(request.company.id, customer.customerId, request.body.password);
      reply.header("set-cookie", cookies.signOut());
      return { message: "Your account has been deleted." };
    },
  );

  // ---------- Records ----------

  app.get(
    "/customer",
    {
      schema: {
        tags: [TAG],
        summary: "List customers (search by name, email or phone)",
        security: bearer,
        querystring: AdminListCustomersQuery,
        response: { 200: CustomerList, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      await staffOnly(request, "read");
      return customers.list(request.company.id, request.query);
    },
  );

  app.post(
    "/customer/add/all",
    {
      schema: {
        tags: [TAG],
        summary: "Import customers: all or nothing",
        security: bearer,
        body: AdminImportCustomers,
        response: { 201: ImportResult, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const staff = await staffOnly(request, "write");
      const imported = await customers.importAll(request.company.id, request.body, actorOf(staff));
      return reply.status(201).send({
        message: `${imported.length} customers imported.`,
        count: imported.length,
        customers: imported,
      });
    },
  );

  app.post(
    "/customer/create",
    {
      schema: {
        tags: [TAG],
        summary: "Create a customer",
        security: bearer,
        body: AdminCreateCustomer,
        response: {
          201: Customer,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const staff = await staffOnly(request, "write");
      return reply.status(201).send(await customers.create(request.company.id, request.body, actorOf(staff)));
    },
  );

  app.post(
    "/customer/filter/:id",
    {
      schema: {
        tags: [TAG],
        summary: "A customer's orders, filtered by status and date range",
        security: bearer,
        params: CustomerIdParams,
        body: AdminCustomerOrdersBody,
        response: {
          200: CustomerOrderList,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      await staffOnly(request, "read");
      return customers.orders(request.company.id, request.params.id, request.body);
    },
  );

  app.put(
    "/customer/student-update/:id",
    {
      schema: {
        tags: [TAG],
        summary: "Update a learner's own profile (name, phone, image, address)",
        security: bearer,
        params: CustomerIdParams,
        body: StudentUpdateBody,
        response: {
          200: Customer,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      await selfOrStaff(request, request.params.id, "write");
      const updated = await customers.updateProfile(request.company.id, request.params.id, request.body);
      refreshInfoCookie(request, reply, updated);
      return updated;
    },
  );

  app.get(
    "/customer/:id",
    {
      schema: {
        tags: [TAG],
        summary: "One customer (staff, or the customer themself)",
        security: bearer,
        params: CustomerIdParams,
        response: {
          200: Customer,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      await selfOrStaff(request, request.params.id, "read");
      const customer = await customers.get(request.company.id, request.params.id);
      if (!customer) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
      return customer;
    },
  );

  app.put(
    "/customer/:id",
    {
      schema: {
        tags: [TAG],
        summary: "Update a customer (staff, or the customer themself)",
        security: bearer,
        params: CustomerIdParams,
        body: UpdateCustomerBody,
        response: {
          200: Customer,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const actor = await selfOrStaff(request, request.params.id, "write");
      const updated = await customers.update(request.company.id, request.params.id, request.body, actor);
      refreshInfoCookie(request, reply, updated);
      return updated;
    },
  );

  app.delete(
    "/customer/:id",
    {
      schema: {
        tags: [TAG],
        summary: "Delete a customer without orders",
        security: bearer,
        params: CustomerIdParams,
        response: {
          200: Message,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      const staff = await staffOnly(request, "write");
      await customers.remove(request.company.id, request.params.id, actorOf(staff));
      return { message: "The customer has been deleted." };
    },
  );

  /** When customers change themselves, the readable `userInfo` cookie follows. */
  function refreshInfoCookie(
    request: FastifyRequest,
    reply: { header(name: string, value: string[]): unknown },
    updated: { id: string; name: string; email: string; image: string | null },
  ) {
    const session = request.visitorSession;
    if (request.customer?.customerId !== updated.id || !session) return;
    reply.header(
      "set-cookie",
      cookies.customerInfo(
        { name: updated.name, email: updated.email, image: updated.image },
        session.expiresAt,
      ),
    );
  }
};
