import type { AppLoadContext } from "react-router";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { ProductSettingsBody } from "~server/modules/products/products.schemas";
import type { SettingsGroup } from "~server/modules/settings/settings-admin.schemas";
import type { InvoiceNumberType } from "~shared/invoice-number-types";
import { REDIRECT_PAYMENT_METHODS } from "~shared/order-enums";
import { actorOf, formFlag, formText, invalid, runWrite, type WriteResult } from "./admin-write.server";
import { PAYMENT_METHODS_INTENT } from "./payment-methods-form";

export async function settingsLoader(context: AppLoadContext, request: Request) {
  await requireStaffPage(context, request, "settings", "read");
  const companyId = context.company.id;
  const { settingsAdmin, editingLanguages, international, productSettings, paymentMethods } =
    context.services;
  const [global, invoice, store, languages, currencies, products, methods] = await Promise.all([
    settingsAdmin.read(companyId, "global"),
    settingsAdmin.read(companyId, "invoice"),
    settingsAdmin.read(companyId, "store"),
    editingLanguages.list(companyId),
    international.enabledCurrencyCodes(companyId),
    productSettings.read(companyId),
    paymentMethods.read(companyId),
  ]);
  return {
    global: global as Record<string, string>,
    invoice: invoice as {
      prefix: string;
      type: InvoiceNumberType;
      startValue: number;
      leadingZeros: boolean;
      length: number;
    },
    store: store as Record<string, string | boolean | null>,
    languages,
    currencies: currencies.length > 0 ? currencies : [String(global.currency ?? "EUR")],
    timeZones: Intl.supportedValuesOf("timeZone"),
    products,
    paymentMethods: methods,
    paymentKeys: context.services.payments.keySettings,
  };
}

const GLOBAL_FIELDS = [
  "shopName",
  "companyName",
  "vatNumber",
  "addressLine1",
  "addressLine2",
  "addressLine3",
  "contactPhone",
  "contactPhone2",
  "email",
  "website",
  "defaultLanguage",
  "currency",
  "timeZone",
  "dateFormat",
  "receiptFooter",
  "workingHours",
] as const;

export async function settingsAction(context: AppLoadContext, request: Request): Promise<WriteResult> {
  const principal = await requireStaffPage(context, request, "settings", "write");
  const form = await request.formData();
  const intent = formText(form, "intent") as SettingsGroup;
  const companyId = context.company.id;
  const { settingsAdmin } = context.services;
  const actor = actorOf(principal);
  if (intent === "global") {
    const current = await settingsAdmin.read(companyId, "global");
    const value: Record<string, unknown> = {
      ...current,
      ...Object.fromEntries(GLOBAL_FIELDS.map((name) => [name, formText(form, name)])),
    };
    const logo = form.get("logoFile");
    if (formFlag(form, "logo.remove")) value.logo = "";
    return runWrite(intent, async () => {
      if (logo instanceof File && logo.size > 0) {
        // Checked by content (JPEG, WebP, PNG), resized, stored as WebP; a bad file is a field error.
        value.logo = await context.services.images.store(new Uint8Array(await logo.arrayBuffer()), {
          folder: "logo",
          maxWidth: 512,
          maxHeight: 512,
        });
      }
      return settingsAdmin.write(companyId, "global", value, actor);
    });
  }
  if (intent === "invoice") {
    return runWrite(intent, () =>
      settingsAdmin.write(
        companyId,
        "invoice",
        {
          prefix: formText(form, "prefix"),
          type: formText(form, "type") || "prefix",
          startValue: formText(form, "startValue"),
          leadingZeros: formFlag(form, "leadingZeros"),
          length: formText(form, "length"),
        },
        actor,
      ),
    );
  }
  if (intent === "store") {
    const secret = (name: string) => (formFlag(form, `${name}.remove`) ? null : formText(form, name));
    return runWrite(intent, () =>
      settingsAdmin.write(
        companyId,
        "store",
        {
          stripePublishableKey: formText(form, "stripePublishableKey"),
          stripeSecretKey: secret("stripeSecretKey"),
          stripeWebhookSecret: secret("stripeWebhookSecret"),
          metaTitle: formText(form, "metaTitle"),
          metaDescription: formText(form, "metaDescription"),
          metaKeywords: formText(form, "metaKeywords"),
          metaImage: formText(form, "metaImage"),
          analyticsId: formText(form, "analyticsId"),
          chatWidgetId: formText(form, "chatWidgetId"),
          staffSignupOpen: formFlag(form, "staffSignupOpen"),
        },
        actor,
      ),
    );
  }
  if ((intent as string) === PAYMENT_METHODS_INTENT) {
    // Both switches are sent: one left off is turned off.
    const input = Object.fromEntries(
      REDIRECT_PAYMENT_METHODS.map((method) => [method, formFlag(form, method)]),
    );
    return runWrite(PAYMENT_METHODS_INTENT, () =>
      context.services.paymentMethods.write(companyId, input, actor),
    );
  }
  if ((intent as string) === "products") {
    // The same permission as the products API: changing the catalogue.
    await requireStaffPage(context, request, "catalog", "write");
    return productSettingsAction(context, form, actor);
  }
  return { ok: false, intent, message: "Unknown form.", fields: {} };
}

/**
 * The product settings (units, images per product, low-stock value, child products). Changing the
 * units, or turning child products off while there are some, answers the spec's question first
 * (`needsConfirmation`); the page sends the form again with `confirm` after a yes.
 */
function productSettingsAction(
  context: AppLoadContext,
  form: FormData,
  actor: ReturnType<typeof actorOf>,
): Promise<WriteResult> | WriteResult {
  const parsed = ProductSettingsBody.safeParse({
    unitSystem: formText(form, "unitSystem"),
    lengthUnit: formText(form, "lengthUnit"),
    weightUnit: formText(form, "weightUnit"),
    volumeUnit: formText(form, "volumeUnit"),
    imagesPerProduct: formText(form, "imagesPerProduct"),
    lowStockThreshold: formText(form, "lowStockThreshold"),
    childProducts: formFlag(form, "childProducts"),
    confirm: formFlag(form, "confirm"),
  });
  if (!parsed.success) return invalid("products", parsed.error.issues);
  return runWrite("products", () =>
    context.services.productSettings.write(context.company.id, actor, parsed.data),
  );
}
