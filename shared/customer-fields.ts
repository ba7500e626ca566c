import { z } from "zod";

/**
 * The fields of a customer record, without database imports: the browser uses them too (the
 * CSV import checks its rows before sending them).
 */

/** The most customers one import may hold. */
export const MAX_IMPORT_SIZE = 1000;

export const CustomerName = z
  .string({ message: "Please enter a name" })
  .trim()
  .min(1, "Please enter a name")
  .max(120, "The name must have at most 120 characters");
export const CustomerEmail = z
  .string({ message: "Please enter an email address" })
  .trim()
  .toLowerCase()
  .min(1, "Please enter an email address")
  .max(254, "The email address is too long")
  .pipe(z.email("Please enter a valid email address"));
export const Phone = z
  .string()
  .trim()
  .max(40, "The phone number must have at most 40 characters")
  .regex(/^[+\d\s().-]*$/, "The phone number may only hold digits, spaces and + ( ) . -");
export const Address = z.string().trim().max(500, "The address must have at most 500 characters");

/** Optional text fields: an empty string clears the value. */
const optional = <T extends z.ZodType<string>>(schema: T) => schema.optional();

export const AdminImportCustomer = z.strictObject({
  name: CustomerName,
  email: CustomerEmail,
  phone: optional(Phone),
  address: optional(Address),
});
export type AdminImportCustomer = z.output<typeof AdminImportCustomer>;
