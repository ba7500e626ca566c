/** Every table of the app, for Drizzle's relational queries and drizzle-kit. */

export * from "../modules/audit/audit.tables";
export * from "../modules/auth/sessions.tables";
export * from "../modules/catalog/catalog.tables";
export * from "../modules/companies/companies.tables";
export * from "../modules/content/content.tables";
export * from "../modules/customers/customers.tables";
export * from "../modules/dashboard/dashboard.tables";
export * from "../modules/international/international.tables";
export * from "../modules/learning/learning.tables";
export * from "../modules/orders/orders.tables";
export * from "../modules/settings/settings.tables";
export * from "../modules/staff/staff.tables";
