import { Download, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { FormAlert } from "./auth-card";
import { PasswordField } from "./password-field";
import { TextField } from "./text-field";

const buttonLink =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-control bg-surface px-4 text-sm font-semibold text-ink hover:border-primary-ink hover:text-primary-ink focus-visible:outline-2 focus-visible:outline-focus";

/**
 * The learner's own data on /user-details: a JSON download of everything held about them, and
 * deleting the account behind a confirmation dialog that asks for the password and says what is
 * kept (orders and invoices, anonymised, for the books).
 */
export function AccountDataSection({
  passwordError,
  formError,
  hasPassword,
}: {
  /** Without a password (a guest signed in with a mailed link), the email address confirms instead. */
  hasPassword: boolean;
  /** The deletion's password error, translated. */
  passwordError: string | undefined;
  /** A reason the deletion was refused, translated. */
  formError: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const [open, setOpen] = useState(Boolean(passwordError || formError));
  const [wasError, setWasError] = useState(passwordError ?? formError);
  // A refused deletion opens the dialog again with its message.
  if ((passwordError ?? formError) !== wasError) {
    setWasError(passwordError ?? formError);
    if (passwordError || formError) setOpen(true);
  }

  return (
    <section
      aria-labelledby="account-data-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
    >
      <h2 id="account-data-title" className="text-xl font-bold text-ink">
        {t("accounts.data.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("accounts.data.exportIntro")}</p>
      <a
        href={`/api/customer/data-export?lng=${encodeURIComponent(i18n.language)}`}
        download="my-data.json"
        className={`${buttonLink} mt-4`}
      >
        <Download aria-hidden="true" className="size-4" />
        {t("accounts.data.export")}
      </a>

      <h3 className="mt-8 text-lg font-bold text-ink">{t("accounts.data.deleteTitle")}</h3>
      <p className="mt-1 text-sm text-ink-muted">{t("accounts.data.deleteIntro")}</p>
      <p className="mt-2 text-sm text-ink-muted">{t("accounts.data.deleteKept")}</p>
      <Button variant="secondary" className="mt-4 border-danger text-danger" onClick={() => setOpen(true)}>
        {t("accounts.data.delete")}
      </Button>

      <ModalOverlay
        isOpen={open}
        onOpenChange={setOpen}
        isDismissable={!deleting}
        isKeyboardDismissDisabled={deleting}
        className="fixed inset-0 z-50 flex items-center justify-center bg-grey-950/50 p-4 backdrop-blur-[1px]"
      >
        <Modal className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-raised outline-none">
          <Dialog role="alertdialog" className="outline-none">
            <div className="flex flex-col items-center text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
                <TriangleAlert aria-hidden="true" className="size-6" />
              </span>
              <Heading slot="title" className="mt-4 text-xl font-bold text-balance text-ink">
                {t("accounts.data.confirmTitle")}
              </Heading>
              <p className="mt-2 text-sm text-ink-muted">{t("accounts.data.confirmBody")}</p>
            </div>
            {formError && (
              <div className="mt-4">
                <FormAlert>{formError}</FormAlert>
              </div>
            )}
            <Form method="post" noValidate className="mt-4 grid gap-4">
              <input type="hidden" name="intent" value="delete" />
              {hasPassword ? (
                <PasswordField
                  name="password"
                  label={t("accounts.data.password")}
                  autoComplete="current-password"
                  error={passwordError}
                  required
                />
              ) : (
                <TextField
                  name="password"
                  type="email"
                  label={t("accounts.data.confirmEmail")}
                  autoComplete="off"
                  error={passwordError}
                  required
                />
              )}
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
                <Button variant="secondary" onClick={() => setOpen(false)} disabled={deleting}>
                  {t("accounts.data.keep")}
                </Button>
                <Button
                  type="submit"
                  disabled={deleting}
                  className="bg-danger text-white hover:bg-danger/90 dark:text-grey-950"
                >
                  {deleting ? t("accounts.data.deleting") : t("accounts.data.confirm")}
                </Button>
              </div>
            </Form>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </section>
  );
}
