import { KeyRound, Save } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { Checkbox, PasswordField, TextField } from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { StaffAvatar } from "~/features/admin/admin-header";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit-profile";

export { action, loader } from "./edit-profile.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminStaff.profile.title") }] : [];
};

/** Edit Profile (spec: /edit-profile): name, picture and password of the signed-in staff member. */
export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const passwordForm = useRef<HTMLFormElement>(null);
  const profileErrors: Record<string, string> =
    actionData?.intent === "profile" ? actionData.fieldErrors : {};
  const passwordErrors: Record<string, string> =
    actionData?.intent === "password" ? actionData.fieldErrors : {};
  const pinErrors: Record<string, string> = actionData?.intent === "pin" ? actionData.fieldErrors : {};
  const pinForm = useRef<HTMLFormElement>(null);
  const error = (errors: Record<string, string>, field: string) =>
    errors[field] ? t(`adminStaff.profile.errors.${errors[field]}`) : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok && actionData.message) {
      notify.success(t(actionData.message));
      if (actionData.intent === "password") passwordForm.current?.reset();
      if (actionData.intent === "pin") pinForm.current?.reset();
    } else if (actionData.message) {
      notify.error(t(actionData.message));
    }
  }, [actionData]);

  return (
    <AdminPage title={t("adminStaff.profile.title")} description={t("adminStaff.profile.description")}>
      <div className="grid gap-6 xl:grid-cols-2">
        <AdminCard title={t("adminStaff.profile.details")}>
          <Form method="post" encType="multipart/form-data" noValidate className="grid gap-5">
            <input type="hidden" name="intent" value="profile" />
            <TranslatableField
              label={t("adminStaff.profile.name")}
              name="name"
              defaultValue={loaderData.name}
              errors={{ en: error(profileErrors, "name") }}
              isRequired
            />
            <TextField
              label={t("adminStaff.profile.email")}
              name="email-display"
              value={loaderData.email}
              isReadOnly
              description={t("adminStaff.profile.emailHint")}
            />
            <div className="flex items-start gap-4">
              <StaffAvatar email={loaderData.email} image={loaderData.image} size="lg" />
              <div className="grid min-w-0 flex-1 gap-2">
                <label htmlFor="profile-image" className="text-sm font-semibold text-ink">
                  {t("adminStaff.profile.image")}
                </label>
                <input
                  id="profile-image"
                  type="file"
                  name="image"
                  accept="image/jpeg,image/png,image/webp"
                  aria-describedby="profile-image-hint profile-image-error"
                  aria-invalid={profileErrors.image ? true : undefined}
                  className="block w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-sunken file:px-3 file:text-sm file:font-semibold file:text-ink"
                />
                <p id="profile-image-hint" className="text-xs text-ink-muted">
                  {t("adminStaff.profile.imageHint")}
                </p>
                {profileErrors.image && (
                  <p id="profile-image-error" className="text-xs font-medium text-danger">
                    {error(profileErrors, "image")}
                  </p>
                )}
                {loaderData.image && (
                  <Checkbox name="removeImage" value="1">
                    {t("adminStaff.profile.removeImage")}
                  </Checkbox>
                )}
              </div>
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={submittingIntent === "profile"}>
                <Save aria-hidden="true" />
                {submittingIntent === "profile"
                  ? t("adminStaff.profile.saving")
                  : t("adminStaff.profile.save")}
              </Button>
            </div>
          </Form>
        </AdminCard>
        <AdminCard title={t("adminStaff.profile.password")}>
          <p className="-mt-2 mb-4 text-sm text-ink-muted">{t("adminStaff.profile.passwordIntro")}</p>
          <Form method="post" noValidate ref={passwordForm} className="grid gap-5">
            <input type="hidden" name="intent" value="password" />
            <PasswordField
              name="currentPassword"
              label={t("adminStaff.profile.currentPassword")}
              autoComplete="current-password"
              error={error(passwordErrors, "currentPassword")}
              isRequired
            />
            <PasswordField
              name="newPassword"
              label={t("adminStaff.profile.newPassword")}
              autoComplete="new-password"
              error={error(passwordErrors, "newPassword")}
              isRequired
            />
            <PasswordField
              name="confirmPassword"
              label={t("adminStaff.profile.confirmPassword")}
              autoComplete="new-password"
              error={error(passwordErrors, "confirmPassword")}
              isRequired
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={submittingIntent === "password"}>
                <KeyRound aria-hidden="true" />
                {t("adminStaff.profile.changePassword")}
              </Button>
            </div>
          </Form>
        </AdminCard>
        <AdminCard title={t("adminPos.staff.pin")}>
          <Form method="post" noValidate ref={pinForm} className="grid gap-5">
            <input type="hidden" name="intent" value="pin" />
            <PasswordField
              name="currentPassword"
              label={t("adminPos.staff.currentPassword")}
              autoComplete="current-password"
              error={pinErrors.currentPassword ? t(pinErrors.currentPassword) : undefined}
              isRequired
            />
            <PasswordField
              name="pin"
              label={t("adminPos.staff.pin")}
              autoComplete="off"
              inputMode="numeric"
              maxLength={8}
              error={pinErrors.pin ? t(pinErrors.pin) : undefined}
              isRequired
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={submittingIntent === "pin"}>
                <KeyRound aria-hidden="true" />
                {t("adminPos.staff.savePin")}
              </Button>
            </div>
          </Form>
        </AdminCard>
      </div>
    </AdminPage>
  );
}
