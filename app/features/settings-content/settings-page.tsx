import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { Checkbox, PasswordField, Select, Switch, TextArea, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import type { SettingsGroup } from "~server/modules/settings/settings-admin.schemas";
import { DATE_FORMATS } from "~shared/date-formats";
import { INVOICE_NUMBER_TYPES } from "~shared/invoice-number-types";
import type { WriteResult } from "./admin-write.server";
import { PaymentMethodsForm } from "./payment-methods-form";
import { ProductSettingsForm } from "./product-settings-form";
import { useWriteToast } from "./use-write-toast";

export const SETTINGS_TABS = ["common", "invoice", "store", "products"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

type LoaderData = Awaited<ReturnType<typeof import("./settings-page.server").settingsLoader>>;

function SaveBar({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end border-t border-line pt-4">
      <Button type="submit" disabled={busy}>
        {busy ? t("adminSettings.saving") : t("adminSettings.save")}
      </Button>
    </div>
  );
}

const lastFour = (value: unknown) => (typeof value === "string" ? value : null);

/** A write-only secret: shows whether it is set and takes a replacement; never shows the value. */
function SecretField({
  name,
  label,
  isSet,
  last4,
  error,
}: {
  name: string;
  label: string;
  isSet: boolean;
  /** The saved secret's last 4 characters, to tell which one it is. */
  last4: string | null;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <PasswordField
        name={name}
        label={label}
        autoComplete="off"
        error={error}
        description={
          !isSet
            ? t("adminSettings.store.secretNotSet")
            : last4
              ? t("adminSettings.store.secretSetEnding", { last4 })
              : t("adminSettings.store.secretSet")
        }
        placeholder={isSet ? t("adminSettings.store.replacePlaceholder") : ""}
      />
      {isSet && <Checkbox name={`${name}.remove`}>{t("adminSettings.store.removeSecret")}</Checkbox>}
    </div>
  );
}

/** /settings and /store/store-settings: the common, invoice and store settings in tabs. */
export function SettingsPage({ data, defaultTab }: { data: LoaderData; defaultTab: SettingsTab }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const result = useActionData<WriteResult>();
  const navigation = useNavigation();
  // Busy until the saved values are back: the forms are keyed by them, so a change made before
  // the reload lands would be reset by it.
  const busy = navigation.state !== "idle" && navigation.formData !== undefined;
  useWriteToast(result);
  const requested = params.get("tab");
  const tab = (SETTINGS_TABS as readonly string[]).includes(requested ?? "")
    ? (requested as SettingsTab)
    : defaultTab;
  const errors = (group: SettingsGroup) =>
    result && !result.ok && result.intent === group ? result.fields : {};
  const g = data.global;
  const ge = errors("global");
  const ie = errors("invoice");
  const se = errors("store");
  const tabClass =
    "min-h-11 shrink-0 cursor-pointer rounded-t-lg whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-ink-muted outline-none data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[hovered]:text-ink data-[selected]:border-primary data-[selected]:text-primary-ink";

  return (
    <AdminPage title={t("adminSettings.title")} description={t("adminSettings.description")}>
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) =>
          setParams({ tab: String(key) }, { replace: true, preventScrollReset: true })
        }
      >
        <TabList
          aria-label={t("adminSettings.title")}
          className="flex gap-1 overflow-x-auto border-b border-line"
        >
          <Tab id="common" className={tabClass}>
            {t("adminSettings.tabs.common")}
          </Tab>
          <Tab id="invoice" className={tabClass}>
            {t("adminSettings.tabs.invoice")}
          </Tab>
          <Tab id="store" className={tabClass}>
            {t("adminSettings.tabs.store")}
          </Tab>
          <Tab id="products" className={tabClass}>
            {t("adminSettings.tabs.products")}
          </Tab>
        </TabList>

        <TabPanel
          id="common"
          className="mt-6 rounded-lg outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus"
        >
          <Form method="post" encType="multipart/form-data" className="grid gap-6" key={JSON.stringify(g)}>
            <input type="hidden" name="intent" value="global" />
            <AdminCard title={t("adminSettings.common.shop")}>
              <div className="grid gap-4 md:grid-cols-2">
                <TextField
                  name="shopName"
                  label={t("adminSettings.common.shopName")}
                  defaultValue={g.shopName}
                  isRequired
                  error={ge.shopName}
                />
                <div className="grid gap-1.5">
                  <label htmlFor="settings-logo" className="text-sm font-semibold text-ink">
                    {t("adminSettings.common.logo")}
                  </label>
                  <div className="flex items-center gap-3">
                    {g.logo ? (
                      <img
                        src={g.logo}
                        alt=""
                        width={48}
                        height={48}
                        className="size-12 rounded-lg border border-line object-contain"
                      />
                    ) : null}
                    <input
                      id="settings-logo"
                      name="logoFile"
                      type="file"
                      accept="image/jpeg,image/png,image/webp"
                      aria-describedby="settings-logo-hint"
                      className="min-w-0 text-sm file:mr-3 file:min-h-10 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
                    />
                  </div>
                  <p id="settings-logo-hint" className="text-xs text-ink-muted">
                    {t("adminSettings.common.logoHint")}
                  </p>
                  {g.logo ? (
                    <Checkbox name="logo.remove">{t("adminSettings.common.logoRemove")}</Checkbox>
                  ) : null}
                  {ge.logo ? <p className="text-xs text-danger">{ge.logo}</p> : null}
                </div>
                <TextField
                  name="companyName"
                  label={t("adminSettings.common.companyName")}
                  defaultValue={g.companyName}
                  error={ge.companyName}
                />
                <TextField
                  name="vatNumber"
                  label={t("adminSettings.common.vatNumber")}
                  defaultValue={g.vatNumber}
                  error={ge.vatNumber}
                />
                <TextField
                  name="website"
                  type="url"
                  label={t("adminSettings.common.website")}
                  defaultValue={g.website}
                  error={ge.website}
                />
              </div>
            </AdminCard>
            <AdminCard title={t("adminSettings.common.contact")}>
              <div className="grid gap-4 md:grid-cols-2">
                {(["addressLine1", "addressLine2", "addressLine3"] as const).map((name, index) => (
                  <TextField
                    key={name}
                    name={name}
                    label={t("adminSettings.common.addressLine", { n: index + 1 })}
                    defaultValue={g[name]}
                    error={ge[name]}
                  />
                ))}
                <TextField
                  name="contactPhone"
                  type="tel"
                  label={t("adminSettings.common.phone", { n: 1 })}
                  defaultValue={g.contactPhone}
                  error={ge.contactPhone}
                />
                <TextField
                  name="contactPhone2"
                  type="tel"
                  label={t("adminSettings.common.phone", { n: 2 })}
                  defaultValue={g.contactPhone2}
                  error={ge.contactPhone2}
                />
                <TextField
                  name="email"
                  type="email"
                  label={t("adminSettings.common.email")}
                  defaultValue={g.email}
                  error={ge.email}
                />
              </div>
            </AdminCard>
            <AdminCard title={t("adminSettings.common.regional")}>
              <div className="grid gap-4 md:grid-cols-2">
                <Select
                  name="defaultLanguage"
                  label={t("adminSettings.common.defaultLanguage")}
                  defaultValue={g.defaultLanguage}
                  options={[
                    { value: "", label: t("adminSettings.common.browserLanguage") },
                    ...data.languages.map((language) => ({ value: language.code, label: language.name })),
                  ]}
                  description={t("adminSettings.common.defaultLanguageHint")}
                  error={ge.defaultLanguage}
                />
                <Select
                  name="currency"
                  label={t("adminSettings.common.currency")}
                  defaultValue={g.currency}
                  options={data.currencies.map((code) => ({ value: code, label: code }))}
                  error={ge.currency}
                />
                <Select
                  name="timeZone"
                  label={t("adminSettings.common.timeZone")}
                  defaultValue={g.timeZone}
                  options={data.timeZones.map((zone) => ({ value: zone, label: zone }))}
                  error={ge.timeZone}
                />
                <Select
                  name="dateFormat"
                  label={t("adminSettings.common.dateFormat")}
                  defaultValue={g.dateFormat}
                  options={DATE_FORMATS.map((format) => ({ value: format, label: format }))}
                  error={ge.dateFormat}
                />
                <TextArea
                  name="receiptFooter"
                  rows={3}
                  className="md:col-span-2"
                  label={t("adminSettings.common.receiptFooter")}
                  defaultValue={g.receiptFooter}
                  error={ge.receiptFooter}
                />
                <TextArea
                  name="workingHours"
                  rows={3}
                  className="md:col-span-2"
                  label={t("adminSettings.common.workingHours")}
                  description={t("adminSettings.common.workingHoursHint")}
                  defaultValue={g.workingHours ?? ""}
                  error={ge.workingHours}
                />
              </div>
            </AdminCard>
            <SaveBar busy={busy} />
          </Form>
        </TabPanel>

        <TabPanel
          id="invoice"
          className="mt-6 rounded-lg outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus"
        >
          <Form method="post" className="grid gap-6" key={JSON.stringify(data.invoice)}>
            <input type="hidden" name="intent" value="invoice" />
            <AdminCard title={t("adminSettings.invoice.title")}>
              <div className="grid gap-4 md:grid-cols-2">
                <TextField
                  name="prefix"
                  label={t("adminSettings.invoice.prefix")}
                  description={t("adminSettings.invoice.prefixHint")}
                  defaultValue={data.invoice.prefix}
                  error={ie.prefix}
                />
                <Select
                  name="type"
                  label={t("adminSettings.invoice.type")}
                  description={t("adminSettings.invoice.typeHint")}
                  defaultValue={data.invoice.type}
                  options={INVOICE_NUMBER_TYPES.map((type) => ({
                    value: type,
                    label: t(`adminSettings.invoice.types.${type}`),
                  }))}
                  error={ie.type}
                />
                <TextField
                  name="startValue"
                  inputMode="numeric"
                  label={t("adminSettings.invoice.startValue")}
                  description={t("adminSettings.invoice.startValueHint")}
                  defaultValue={String(data.invoice.startValue)}
                  error={ie.startValue}
                />
                <TextField
                  name="length"
                  inputMode="numeric"
                  label={t("adminSettings.invoice.length")}
                  defaultValue={String(data.invoice.length)}
                  error={ie.length}
                />
                <Switch name="leadingZeros" defaultSelected={data.invoice.leadingZeros}>
                  {t("adminSettings.invoice.leadingZeros")}
                </Switch>
              </div>
            </AdminCard>
            <SaveBar busy={busy} />
          </Form>
        </TabPanel>

        <TabPanel
          id="store"
          className="mt-6 rounded-lg outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus"
        >
          <PaymentMethodsForm settings={data.paymentMethods} />
          <Form method="post" className="mt-6 grid gap-6" autoComplete="off" key={JSON.stringify(data.store)}>
            <input type="hidden" name="intent" value="store" />
            <AdminCard title={t("adminSettings.store.payments")}>
              <p className="mb-4 text-sm text-ink-muted">{t("adminSettings.store.secretsHint")}</p>
              {data.paymentKeys.environment && (
                <p className="mb-4 text-sm text-ink-muted">{t("adminSettings.store.environmentWins")}</p>
              )}
              {!data.paymentKeys.encryption && (
                <p className="mb-4 text-sm text-ink-muted">{t("adminSettings.store.encryptionMissing")}</p>
              )}
              <div className="grid gap-4 md:grid-cols-2">
                <TextField
                  name="stripePublishableKey"
                  className="md:col-span-2"
                  label={t("adminSettings.store.publishableKey")}
                  defaultValue={String(data.store.stripePublishableKey ?? "")}
                  error={se.stripePublishableKey}
                />
                <SecretField
                  name="stripeSecretKey"
                  label={t("adminSettings.store.secretKey")}
                  isSet={data.store.stripeSecretKeySet === true}
                  last4={lastFour(data.store.stripeSecretKeyLast4)}
                  error={se.stripeSecretKey}
                />
                <SecretField
                  name="stripeWebhookSecret"
                  label={t("adminSettings.store.webhookSecret")}
                  isSet={data.store.stripeWebhookSecretSet === true}
                  last4={lastFour(data.store.stripeWebhookSecretLast4)}
                  error={se.stripeWebhookSecret}
                />
              </div>
            </AdminCard>
            <AdminCard title={t("adminSettings.store.seo")}>
              <div className="grid gap-4 md:grid-cols-2">
                <TextField
                  name="metaTitle"
                  label={t("adminSettings.store.metaTitle")}
                  defaultValue={String(data.store.metaTitle ?? "")}
                  error={se.metaTitle}
                />
                <TextField
                  name="metaKeywords"
                  label={t("adminSettings.store.metaKeywords")}
                  defaultValue={String(data.store.metaKeywords ?? "")}
                  error={se.metaKeywords}
                />
                <TextArea
                  name="metaDescription"
                  rows={3}
                  className="md:col-span-2"
                  label={t("adminSettings.store.metaDescription")}
                  defaultValue={String(data.store.metaDescription ?? "")}
                  error={se.metaDescription}
                />
                <TextField
                  name="metaImage"
                  className="md:col-span-2"
                  label={t("adminSettings.store.metaImage")}
                  description={t("adminSettings.store.metaImageHint")}
                  defaultValue={String(data.store.metaImage ?? "")}
                  error={se.metaImage}
                />
                <TextField
                  name="analyticsId"
                  label={t("adminSettings.store.analyticsId")}
                  description={t("adminSettings.store.analyticsIdHint")}
                  defaultValue={String(data.store.analyticsId ?? "")}
                  error={se.analyticsId}
                />
                <TextField
                  name="chatWidgetId"
                  label={t("adminSettings.store.chatWidgetId")}
                  description={t("adminSettings.store.chatWidgetIdHint")}
                  defaultValue={String(data.store.chatWidgetId ?? "")}
                  error={se.chatWidgetId}
                />
                <Switch
                  name="staffSignupOpen"
                  defaultSelected={data.store.staffSignupOpen === true}
                  className={cn("md:col-span-2")}
                >
                  {t("adminSettings.store.staffSignupOpen")}
                </Switch>
              </div>
            </AdminCard>
            <SaveBar busy={busy} />
          </Form>
        </TabPanel>

        <TabPanel
          id="products"
          className="mt-6 rounded-lg outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus"
        >
          <ProductSettingsForm
            settings={data.products}
            result={result}
            busy={busy}
            saveBar={<SaveBar busy={busy} />}
          />
        </TabPanel>
      </Tabs>
    </AdminPage>
  );
}
