import { cn } from "~/lib/cn";

/** The school's mark: an open book under a rising spring, in the brand colours. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      className={cn("shrink-0", className ?? "size-10")}
    >
      <rect width="40" height="40" rx="11" className="fill-brand-700 dark:fill-brand-500" />
      <circle cx="20" cy="12" r="4.5" className="fill-accent-400" />
      <path d="M7.5 17.5c4.4-1.6 8.6-1.2 12.5 1.6v13.4c-3.9-2.6-8.1-3-12.5-1.4z" className="fill-brand-50" />
      <path
        d="M32.5 17.5c-4.4-1.6-8.6-1.2-12.5 1.6v13.4c3.9-2.6 8.1-3 12.5-1.4z"
        className="fill-brand-200"
      />
    </svg>
  );
}

/** Mark and shop name; the name is the link's accessible text. */
export function Logo({
  name,
  image,
  className,
  inverse,
}: {
  name: string;
  /** The school's uploaded logo (settings); without it the built-in mark. */
  image?: string | undefined;
  className?: string;
  inverse?: boolean;
}) {
  return (
    <span className={cn("flex min-w-0 items-center gap-2.5", className)}>
      {image ? (
        <img
          src={image}
          alt=""
          width={40}
          height={40}
          className="size-9 shrink-0 rounded-lg object-contain sm:size-10"
        />
      ) : (
        <LogoMark className="size-9 sm:size-10" />
      )}
      <span
        className={cn(
          "line-clamp-2 text-[0.9375rem] leading-[1.15] font-bold tracking-tight sm:text-[1.0625rem]",
          inverse ? "text-on-inverse" : "text-ink",
        )}
      >
        {name}
      </span>
    </span>
  );
}
