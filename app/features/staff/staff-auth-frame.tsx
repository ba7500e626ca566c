import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

/** The frame of the staff pages outside the admin layout (sign-up, forgotten and reset password). */
export function StaffAuthFrame({
  shopName,
  title,
  intro,
  children,
  footer,
}: {
  shopName: string;
  title: string;
  intro?: string | undefined;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2.5">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-xl bg-primary text-lg font-bold text-on-primary"
          >
            {shopName.charAt(0).toUpperCase()}
          </span>
          <span className="text-lg font-bold text-ink">
            {shopName}{" "}
            <span className="font-medium text-ink-muted">· {t("adminStaff.frame.backOffice")}</span>
          </span>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8">
          <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
          {intro && <p className="mt-2 text-sm text-ink-muted">{intro}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div>}
      </div>
    </div>
  );
}

/** The shop name for the frame, from the loader. */
export async function shopNameFor(context: {
  services: { settings: { storeInfo(id: string): Promise<{ shopName: string }> } };
  company: { id: string; name: string };
}): Promise<string> {
  const info = await context.services.settings.storeInfo(context.company.id);
  return info.shopName || context.company.name;
}
