import { z } from "zod";
import { NewPassword } from "~shared/password-policy";
import { AREAS } from "~shared/permissions";
import { AdminListQuery, listPageSchema } from "../../lib/list-query";
import { SignInBody } from "../auth/sign-in";

export const STAFF_STATUSES = ["active", "inactive"] as const;
export const STAFF_SORTS = ["name", "email", "joinedAt", "role", "status"] as const;

const PermissionLevel = z.enum(["none", "read", "write"], { message: "Choose none, read or write" });

const StaffEmail = SignInBody.shape.email;

/** A translatable staff name: English required, other languages optional. */
export const StaffName = z
  .record(
    z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, "Language codes look like en or nl"),
    z.string().trim().max(100, "The name must have at most 100 characters"),
  )
  .refine((name) => (name.en ?? "").length > 0, {
    message: "Please enter a name",
    path: ["en"],
  })
  .transform((name) => Object.fromEntries(Object.entries(name).filter(([, text]) => text !== "")))
  .pipe(z.object({ en: z.string() }).catchall(z.string()))
  .describe('Translatable: { "en": "…", "nl": "…" }; English is required');

const Phone = z
  .string()
  .trim()
  .max(30, "The contact number must have at most 30 characters")
  .regex(/^[+0-9 ()-]*$/, "Please enter a valid contact number");

/** An image address: an uploaded picture (/media/images/…) or http(s) (empty removes it). */
export const ImageUrl = z
  .string()
  .trim()
  .max(1000, "The image address is too long")
  .refine((value) => value === "" || /^(https?:\/\/|\/media\/images\/)[^\s]+$/i.test(value), {
    message: "Please enter an image address starting with https://",
  });

const Uuid = z.uuid("Please choose a valid record");

export const StaffMember = z
  .object({
    id: z.string(),
    name: z.record(z.string(), z.string()),
    email: z.string(),
    phone: z.string().nullable(),
    image: z.string().nullable(),
    roleId: z.string(),
    role: z.string(),
    status: z.enum(STAFF_STATUSES),
    /** Whether they may work the point of sale (apart from the shop status). */
    posStatus: z.enum(STAFF_STATUSES),
    /** Whether a POS PIN is set (the PIN itself is never shown). */
    hasPin: z.boolean(),
    joinedAt: z.string(),
  })
  .meta({ id: "StaffMember" });
export type StaffMember = z.output<typeof StaffMember>;

export const AdminListStaffQuery = AdminListQuery.extend({
  sort: z.enum(STAFF_SORTS).optional(),
  roleId: Uuid.optional(),
  status: z.enum(STAFF_STATUSES).optional(),
});
export type AdminListStaffQuery = z.output<typeof AdminListStaffQuery>;

export const StaffList = listPageSchema(StaffMember).meta({ id: "StaffList" });

export const StaffParams = z.strictObject({ id: Uuid });

export const AdminCreateStaff = z.strictObject({
  name: StaffName,
  email: StaffEmail,
  password: NewPassword,
  roleId: Uuid,
  phone: Phone.optional(),
  status: z.enum(STAFF_STATUSES).optional(),
});
export type AdminCreateStaff = z.output<typeof AdminCreateStaff>;

export const AdminUpdateStaff = z.strictObject({
  name: StaffName.optional(),
  roleId: Uuid.optional(),
  phone: Phone.optional(),
  status: z.enum(STAFF_STATUSES).optional(),
  posStatus: z.enum(STAFF_STATUSES).optional(),
});
export type AdminUpdateStaff = z.output<typeof AdminUpdateStaff>;

export const AdminInviteStaff = z.strictObject({
  email: StaffEmail,
  name: z.string().trim().max(100, "The name must have at most 100 characters").optional(),
  roleId: Uuid,
});
export type AdminInviteStaff = z.output<typeof AdminInviteStaff>;

export const Invitation = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: "StaffInvitation" });
export type Invitation = z.output<typeof Invitation>;

export const PendingInvitation = Invitation.extend({
  createdAt: z.string(),
  expired: z.boolean().describe("Its link no longer works: send it again for a new one"),
}).meta({ id: "PendingStaffInvitation" });
export type PendingInvitation = z.output<typeof PendingInvitation>;

export const PendingInvitationList = z
  .object({ items: z.array(PendingInvitation) })
  .meta({ id: "PendingStaffInvitationList" });

export const InvitationParams = z.strictObject({ id: z.uuid("The invitation id must be a UUID") });

export const StaffSignupBody = z.strictObject({
  name: z.string().trim().min(1, "Please enter a name").max(100, "The name must have at most 100 characters"),
  email: StaffEmail,
  password: NewPassword,
  invitation: z.string().trim().min(1).max(200).optional().describe("The token of an invitation link"),
});
export type StaffSignupBody = z.output<typeof StaffSignupBody>;

export const StaffForgotPasswordBody = z.strictObject({ email: StaffEmail });
export const StaffResetPasswordBody = z.strictObject({
  newPassword: NewPassword,
  token: z
    .string({ message: "The reset link is not valid." })
    .trim()
    .min(1, "The reset link is not valid.")
    .max(200),
});

export const ProfileBody = z.strictObject({
  name: StaffName,
  image: ImageUrl.optional(),
});
export type ProfileBody = z.output<typeof ProfileBody>;

export const ChangePasswordBody = z.strictObject({
  currentPassword: z
    .string({ message: "Please enter your current password" })
    .min(1, "Please enter your current password")
    .max(200),
  newPassword: NewPassword,
});
export type ChangePasswordBody = z.output<typeof ChangePasswordBody>;

const Matrix = z.strictObject(
  Object.fromEntries(AREAS.map((area) => [area, PermissionLevel])) as Record<
    (typeof AREAS)[number],
    typeof PermissionLevel
  >,
);

export const Role = z
  .object({
    id: z.string(),
    name: z.string(),
    permissions: Matrix,
    locked: z.boolean().describe("The Super Admin role: its permissions cannot be lowered"),
    staffCount: z.number().int(),
  })
  .meta({ id: "Role" });
export type Role = z.output<typeof Role>;

export const RoleList = z.object({ roles: z.array(Role), areas: z.array(z.enum(AREAS)) });
export const RoleParams = StaffParams;
export const UpdateRoleBody = z.strictObject({ permissions: Matrix });
export type UpdateRoleBody = z.output<typeof UpdateRoleBody>;

export const Message = z.object({ message: z.string() });
