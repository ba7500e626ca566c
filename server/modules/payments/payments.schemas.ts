import { z } from "zod";

const MethodState = z.object({
  enabled: z.boolean().describe("Offered at checkout (when configured and the currency allows)"),
  configured: z.boolean().describe("This server has the method's keys (PayPal's, or Stripe's for iDEAL)"),
});

export const PaymentMethodSettings = z
  .object({
    paypal: MethodState.describe("Paypal: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET"),
    ideal: MethodState.describe("iDEAL through Stripe, euros only: STRIPE_SECRET_KEY"),
  })
  .meta({ id: "PaymentMethodSettings" });
export type PaymentMethodSettings = z.output<typeof PaymentMethodSettings>;

export const PaymentMethodSettingsInput = z.strictObject({
  paypal: z.boolean({ message: "paypal must be true or false" }).optional(),
  ideal: z.boolean({ message: "ideal must be true or false" }).optional(),
});
export type PaymentMethodSettingsInput = z.output<typeof PaymentMethodSettingsInput>;
