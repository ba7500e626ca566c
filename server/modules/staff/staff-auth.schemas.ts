import { z } from "zod";

const PermissionLevel = z.enum(["none", "read", "write"]);

export const StaffProfile = z
  .object({
    id: z.string(),
    name: z.record(z.string(), z.string()).describe('Translatable: { "en": "…", "nl": "…" }'),
    email: z.string(),
    image: z.string().nullable(),
    role: z.string().describe('Role name, e.g. "Super Admin"'),
    permissions: z.record(z.string(), PermissionLevel).describe("Area → none | read | write"),
  })
  .meta({ id: "StaffProfile" });
export type StaffProfile = z.output<typeof StaffProfile>;

export const StaffSignIn = z.object({
  token: z.string().describe("Session token: send as `Authorization: Bearer …` (also set as a cookie)"),
  expiresAt: z.string(),
  staff: StaffProfile,
});

export const StaffMe = z.object({ staff: StaffProfile });
