import { ShoppingBag } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";

/** The product's pictures: the chosen one large, the others as buttons below it. */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-2xl border border-line bg-sunken">
        <ShoppingBag aria-hidden="true" className="size-16 text-ink-muted" strokeWidth={1.5} />
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <img
        src={current}
        alt={t("shop.imageAlt", { title, number: index + 1 })}
        width={800}
        height={800}
        loading="eager"
        fetchPriority="high"
        className="aspect-square w-full rounded-2xl border border-line bg-sunken object-cover"
      />
      {images.length > 1 && (
        <ul className="flex flex-wrap gap-2">
          {images.map((image, position) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-pressed={position === index}
                aria-label={t("shop.showImage", { number: position + 1 })}
                className={cn(
                  "block size-16 overflow-hidden rounded-lg border-2",
                  position === index ? "border-primary-ink" : "border-line",
                )}
              >
                <img
                  src={image}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
