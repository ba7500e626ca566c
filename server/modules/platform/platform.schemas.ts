import { z } from "zod";
import { SignInBody } from "../auth/sign-in";

/** An operator's sign-in: email and password, like a school's staff. */
export const PlatformLoginBody = SignInBody;

export const PlatformSignIn = z
  .object({
    token: z.string(),
    expiresAt: z.string(),
    operator: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  })
  .meta({ id: "PlatformSignIn" });

export const PlatformInvite = z.strictObject({
  email: SignInBody.shape.email,
  name: z.string().trim().max(100, "The name must have at most 100 characters").optional(),
});
export type PlatformInvite = z.output<typeof PlatformInvite>;

/** Names a school may not take: the platform's own subdomains. */
const RESERVED_SLUGS = new Set(["www", "api", "admin", "platform", "mail", "static", "assets", "media"]);

/** A school's address name: its slug, and its subdomain of the platform's domain. */
const SchoolSlug = z
  .string({ message: "Please enter the school's address name" })
  .trim()
  .toLowerCase()
  .min(2, "The address name must have 2 to 40 characters")
  .max(40, "The address name must have 2 to 40 characters")
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    "Use lower-case letters, digits and hyphens, starting and ending with a letter or digit",
  )
  .refine((slug) => !RESERVED_SLUGS.has(slug), "This address name is reserved for the platform");

export const PlatformCreateSchool = z.strictObject({
  name: z
    .string({ message: "Please enter the school's name" })
    .trim()
    .min(1, "Please enter the school's name")
    .max(120, "The school's name must have at most 120 characters"),
  slug: SchoolSlug,
  /** The school's first Super Admin, invited by mail. */
  superAdmin: PlatformInvite,
});
export type PlatformCreateSchool = z.output<typeof PlatformCreateSchool>;

export const PlatformSchool = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    isDefault: z.boolean(),
    suspended: z.boolean(),
    suspendedAt: z.string().nullable(),
    createdAt: z.string(),
    /** The school's public address: the base of every absolute link made for it. */
    address: z.string(),
    hostnames: z.array(z.object({ hostname: z.string(), primary: z.boolean() })),
    staffCount: z.number().int(),
  })
  .meta({ id: "PlatformSchool" });
export type PlatformSchool = z.output<typeof PlatformSchool>;

export const PlatformSchoolList = z
  .object({ schools: z.array(PlatformSchool) })
  .meta({ id: "PlatformSchoolList" });

export const PlatformSchoolParams = z.strictObject({ id: z.uuid("Please choose a valid school") });

export const PlatformInvitation = z
  .object({ id: z.string(), email: z.string(), name: z.string(), role: z.string(), expiresAt: z.string() })
  .meta({ id: "PlatformInvitation" });

export const PlatformAddHostname = z.strictObject({
  hostname: z
    .string({ message: "Please enter a hostname" })
    .trim()
    .min(1, "Please enter a hostname")
    .max(253, "A hostname has at most 253 characters"),
  /** Makes it the school's public address (a school's first hostname always is). */
  primary: z.boolean().optional(),
});
