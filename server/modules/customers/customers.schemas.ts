import { z } from "zod";
import {
  Address,
  AdminImportCustomer,
  CustomerEmail,
  CustomerName,
  MAX_IMPORT_SIZE,
  Phone,
} from "~shared/customer-fields";
import { NewPassword, PASSWORD_MAX_LENGTH } from "~shared/password-policy";
import { pageNumber, wholeNumber } from "../../lib/list-query";
import { OrderView } from "../checkout/checkout.schemas";
import { ORDER_STATUSES } from "../orders/orders.tables";

export { AdminImportCustomer, CustomerEmail, CustomerName, MAX_IMPORT_SIZE };

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const ImageUrl = z
  .string()
  .trim()
  .max(2000, "The image address is too long")
  .refine(
    (value) => value === "" || /^https?:\/\/\S+$/i.test(value) || /^\/(?!\/)\S*$/.test(value),
    "The image must be a web address (https://…) or a path on this site",
  );
/** Optional text fields: an empty string clears the value. */
const optional = <T extends z.ZodType<string>>(schema: T) => schema.optional();

const CurrentPassword = z
  .string({ message: "Please enter your current password" })
  .min(1, "Please enter your current password")
  .max(PASSWORD_MAX_LENGTH);

export const CustomerIdParams = z.strictObject({ id: z.uuid("The customer id must be a UUID") });

// ---------- Sign-up, sign-in, passwords ----------

export const StoreRegisterBody = z
  .strictObject({
    name: CustomerName,
    email: CustomerEmail,
    password: NewPassword,
    acceptTerms: z.literal(true, { message: "Please accept the terms and conditions" }),
  })
  .describe("Sign-up form");
export type StoreRegisterBody = z.output<typeof StoreRegisterBody>;

export const StoreLoginBody = z.strictObject({
  email: CustomerEmail,
  password: z
    .string({ message: "Please enter your password" })
    .min(1, "Please enter your password")
    .max(PASSWORD_MAX_LENGTH),
});
export type StoreLoginBody = z.output<typeof StoreLoginBody>;

export const StoreForgotPasswordBody = z.strictObject({ email: CustomerEmail });

export const StoreResetPasswordBody = z.strictObject({
  newPassword: NewPassword,
  token: z
    .string({ message: "The reset link is not valid." })
    .trim()
    .min(1, "The reset link is not valid.")
    .max(200),
});

export const StoreClaimPurchasesBody = z.strictObject({
  token: z
    .string({ message: "This confirmation link is not valid." })
    .trim()
    .min(1, "This confirmation link is not valid.")
    .max(200),
});

export const StoreChangePasswordBody = z.strictObject({
  /** Required once the account has a password; a record that never had one (a guest's) sets its first without. */
  currentPassword: CurrentPassword.optional(),
  newPassword: NewPassword,
});

const SignInLinkToken = z
  .string({ message: "This sign-in link is not valid. Please ask for a new one." })
  .trim()
  .min(1, "This sign-in link is not valid. Please ask for a new one.")
  .max(200, "This sign-in link is not valid. Please ask for a new one.");

export const StoreRequestSignInLinkBody = z.strictObject({
  email: CustomerEmail,
  /** Where to go once signed in: an in-site path ("/user-courses"); anything else goes to the dashboard. */
  next: z.string().max(500).optional(),
});

export const StoreUseSignInLinkBody = z.strictObject({ token: SignInLinkToken });

// ---------- Records ----------

export const AdminCreateCustomer = z.strictObject({
  name: CustomerName,
  email: CustomerEmail,
  phone: optional(Phone),
  address: optional(Address),
  password: NewPassword.optional().describe(
    "Optional: without it the customer sets one through 'forgot password'",
  ),
});
export type AdminCreateCustomer = z.output<typeof AdminCreateCustomer>;

export const AdminImportCustomers = z
  .array(AdminImportCustomer)
  .min(1, "The list is empty")
  .max(MAX_IMPORT_SIZE, `At most ${MAX_IMPORT_SIZE} customers per import`)
  .describe("Customers to import; all or nothing");

export const UpdateCustomerBody = z
  .strictObject({
    name: CustomerName.optional(),
    email: CustomerEmail.optional(),
    phone: optional(Phone),
    address: optional(Address),
    image: optional(ImageUrl),
  })
  .describe("Fields to change; an empty string clears phone, address or image");
export type UpdateCustomerBody = z.output<typeof UpdateCustomerBody>;

export const StudentUpdateBody = z.strictObject({
  name: CustomerName.optional(),
  phone: optional(Phone),
  address: optional(Address),
  image: optional(ImageUrl),
});
export type StudentUpdateBody = z.output<typeof StudentUpdateBody>;

/** Columns the staff's customer list can be sorted by. */
export const CUSTOMER_SORTS = ["createdAt", "name", "email", "phone", "orderCount"] as const;

export const AdminListCustomersQuery = z.strictObject({
  searchText: z.string().trim().max(100, "searchText must have at most 100 characters").optional(),
  sort: z.enum(CUSTOMER_SORTS, { message: `sort must be one of ${CUSTOMER_SORTS.join(", ")}` }).optional(),
  order: z.enum(["asc", "desc"], { message: "order must be asc or desc" }).optional(),
  page: pageNumber(),
  limit: wholeNumber("limit", 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type AdminListCustomersQuery = z.output<typeof AdminListCustomersQuery>;

const isoDate = (name: string) =>
  z.iso
    .datetime({ offset: true, message: `${name} must be an ISO 8601 date` })
    .or(z.iso.date({ message: `${name} must be an ISO 8601 date` }));

export const AdminCustomerOrdersBody = z
  .strictObject({
    status: z
      .enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(", ")}` })
      .optional(),
    startDate: isoDate("startDate").optional(),
    endDate: isoDate("endDate").optional(),
    page: pageNumber(),
    limit: wholeNumber("limit", 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .refine(
    (body) => !body.startDate || !body.endDate || body.startDate.slice(0, 10) <= body.endDate.slice(0, 10),
    {
      message: "startDate must not be after endDate",
      path: ["startDate"],
    },
  );
export type AdminCustomerOrdersBody = z.output<typeof AdminCustomerOrdersBody>;

// ---------- Responses ----------

export const Customer = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    image: z.string().nullable(),
    hasPassword: z.boolean().describe("false for rows made by a guest checkout or an import"),
    createdAt: z.string().describe("Joining date, ISO 8601"),
  })
  .meta({ id: "Customer" });
export type Customer = z.output<typeof Customer>;

export const CustomerListItem = Customer.extend({
  orderCount: z.number().int().describe("How many orders the customer has placed"),
}).meta({ id: "CustomerListItem" });
export type CustomerListItem = z.output<typeof CustomerListItem>;

export const CustomerList = z
  .object({
    customers: z.array(CustomerListItem),
    totalDoc: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "CustomerList" });
export type CustomerList = z.output<typeof CustomerList>;

export const CustomerSignIn = z
  .object({
    token: z.string().describe("Session token; also set as the HttpOnly `session` cookie"),
    role: z.literal("customer"),
    expiresAt: z.string(),
    customer: z.object({ id: z.uuid(), name: z.string(), email: z.string(), image: z.string().nullable() }),
  })
  .meta({ id: "CustomerSignIn" });
export type CustomerSignIn = z.output<typeof CustomerSignIn>;

export const GuestSignIn = z
  .object({ token: z.string(), role: z.literal("guest"), expiresAt: z.string() })
  .meta({ id: "GuestSignIn" });

export const Message = z.object({ message: z.string() }).meta({ id: "Message" });

export const ImportResult = z
  .object({ message: z.string(), count: z.number().int(), customers: z.array(Customer) })
  .meta({ id: "CustomerImportResult" });

export const CustomerOrder = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    paymentMethod: z.string(),
    currency: z.string(),
    totalCents: z.number().int(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: "CustomerOrder" });

export const CustomerOrderList = z
  .object({
    orders: z.array(CustomerOrder),
    totalDoc: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "CustomerOrderList" });
export type CustomerOrderList = z.output<typeof CustomerOrderList>;

export const DeleteAccountBody = z
  .strictObject({
    password: z
      .string()
      .min(1, "Enter your password to confirm.")
      .max(200, "Enter your password to confirm."),
  })
  .describe(
    "The account's password, to confirm the deletion (an account that never had a password, such as a guest's signed in with a mailed link, gives its email address)",
  );

/** What a learner (the account or one of its children) has learnt: enrolments and lesson progress. */
const LearningExport = z.object({
  enrolments: z.array(z.object({ course: z.string(), slug: z.string(), enrolledAt: z.string() })),
  progress: z.array(
    z.object({
      course: z.string(),
      lesson: z.string(),
      positionSeconds: z.number().int(),
      completed: z.boolean(),
      updatedAt: z.string(),
    }),
  ),
});

export const CustomerDataExport = z
  .object({
    exportedAt: z.string(),
    account: z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
      image: z.string().nullable(),
      createdAt: z.string(),
    }),
    orders: z.array(OrderView),
    ...LearningExport.shape,
    reviews: z.array(
      z.object({ course: z.string(), rating: z.number().int(), text: z.string(), createdAt: z.string() }),
    ),
    children: z
      .array(
        z.object({
          name: z.string(),
          birthYear: z.number().int().nullable(),
          createdAt: z.string(),
          ...LearningExport.shape,
        }),
      )
      .describe("The account's learner profiles (children), each with its own courses and progress"),
  })
  .meta({ id: "CustomerDataExport" });
