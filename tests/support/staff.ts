import { and, eq } from "drizzle-orm";
import { hashPassword } from "~server/modules/auth/passwords";
import { roles, staff } from "~server/modules/staff/staff.tables";
import type { TestApp } from "./test-app";

let counter = 0;

export interface TestStaff {
  id: string;
  email: string;
  password: string;
  /** A staff session token: send as `authorization: Bearer <token>` or cookie `admin_session=<token>`. */
  token: string;
}

/**
 * A staff member with one of the company's roles (e.g. "Driver") and a signed-in session.
 * `status: "inactive"` makes an account that cannot sign in.
 */
export async function createStaff(
  t: TestApp,
  companyId: string,
  roleName: string,
  options: { email?: string; password?: string; status?: "active" | "inactive"; name?: string } = {},
): Promise<TestStaff> {
  const { db } = t.database;
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.name, roleName)));
  if (!role) throw new Error(`No role "${roleName}" in company ${companyId}`);
  const email = options.email ?? `staff.${Date.now()}.${++counter}@example.org`;
  const password = options.password ?? "staff-password-1";
  const [row] = await db
    .insert(staff)
    .values({
      companyId,
      name: { en: options.name ?? roleName },
      email,
      passwordHash: await hashPassword(password),
      roleId: role.id,
      status: options.status ?? "active",
    })
    .returning({ id: staff.id });
  const session = await t.app.services.sessions.start({ companyId, realm: "staff", subjectId: row!.id });
  return { id: row!.id, email, password, token: session.token };
}
