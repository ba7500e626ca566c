import { useEffect, useState } from "react";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";

export interface HomeSlideView {
  image: string;
  title: string;
  text: string;
  link: string;
}

/** Seconds a slide stays before the next while the carousel plays. */
const SLIDE_SECONDS = 7;

const control =
  "inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface text-lg font-bold text-ink shadow-sm hover:bg-sunken";

/**
 * The home page carousel (Store customization → Sliders), after the WAI-ARIA carousel pattern:
 * named previous/next buttons, a pause/play button, rotation that stops while a visitor's focus or
 * pointer is inside, and none at all when they prefer reduced motion.
 */
export function HomeSlides({ slides }: { slides: HomeSlideView[] }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  // Off until the browser says motion is welcome (server render and reduced motion: no rotation).
  const [playing, setPlaying] = useState(false);
  const [held, setHeld] = useState(false);
  const count = slides.length;
  const hold = () => setHeld(true);
  const release = () => setHeld(false);
  const go = (step: number) => setCurrent((index) => (index + step + count) % count);

  useEffect(() => {
    setPlaying(!matchMedia("(prefers-reduced-motion: reduce)").matches);
  }, []);
  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), SLIDE_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [playing, held, count]);

  return (
    <section aria-roledescription="carousel" aria-label={t("home.slides.label")} className="pb-12 sm:pb-16">
      <Container>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: rotation pauses while focus or the pointer is inside (WAI-ARIA carousel pattern); nothing here is itself interactive */}
        <div
          className="relative overflow-hidden rounded-3xl bg-sunken"
          onFocus={hold}
          onBlur={release}
          onPointerEnter={hold}
          onPointerLeave={release}
        >
          {count > 1 && (
            <div className="absolute top-3 right-3 z-10 flex gap-2">
              {/* Text glyphs rather than icon components: the carousel stays within the JS budget. */}
              {(
                [
                  [playing ? "pause" : "play", playing ? "❚❚" : "▶\uFE0E", () => setPlaying(!playing)],
                  ["previous", "‹", () => go(-1)],
                  ["next", "›", () => go(1)],
                ] as const
              ).map(([name, glyph, onClick]) => (
                <button
                  key={name}
                  type="button"
                  className={control}
                  aria-label={t(`home.slides.${name}`)}
                  onClick={onClick}
                >
                  <span aria-hidden="true">{glyph}</span>
                </button>
              ))}
            </div>
          )}
          <div aria-live={playing && !held ? "off" : "polite"}>
            {slides.map((slide, index) => (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group with a role description
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: slides are shown in their saved order
                key={index}
                role="group"
                aria-roledescription="slide"
                aria-label={t("home.slides.position", { n: index + 1, count })}
                hidden={index !== current}
                className="grid items-center gap-6 sm:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]"
              >
                <img
                  src={slide.image}
                  alt=""
                  width={500}
                  height={400}
                  loading={index === 0 ? "eager" : "lazy"}
                  decoding="async"
                  className="aspect-[5/4] w-full object-cover"
                />
                <div className="grid gap-3 px-6 pb-8 sm:py-10 sm:pr-10 sm:pl-0">
                  {slide.title && (
                    <h2 className="text-2xl font-bold tracking-tight text-balance text-ink">{slide.title}</h2>
                  )}
                  {slide.text && <p className="text-base text-ink-muted">{slide.text}</p>}
                  {slide.link && (
                    <a
                      href={slide.link}
                      className="font-semibold text-primary-ink underline underline-offset-4"
                    >
                      {t("home.slides.more")}
                      <span className="sr-only">: {slide.title}</span>
                    </a>
                  )}
                </div>
              </div>
            ))}
          </div>
        </div>
      </Container>
    </section>
  );
}
