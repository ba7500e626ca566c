import type { ReactNode } from "react";
import { Container } from "~/components/ui/container";

/** The frame of the sign-in, sign-up and password pages: one centred card with the page's h1. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Container className="flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8">
          <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
          {intro && <p className="mt-2 text-sm text-ink-muted">{intro}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div>}
      </div>
    </Container>
  );
}

/** A form-level message (e.g. wrong password), announced to screen readers. */
export function FormAlert({ tone = "error", children }: { tone?: "error" | "success"; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "mb-5 rounded-lg border border-danger/40 bg-danger/8 px-4 py-3 text-sm font-medium text-danger"
          : "mb-5 rounded-lg border border-primary/30 bg-primary-soft px-4 py-3 text-sm font-medium text-on-primary-soft"
      }
    >
      {children}
    </div>
  );
}
