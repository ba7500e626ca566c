/** Sources a page's Content-Security-Policy allows beyond its own, per directive. */
export interface CspAllowance {
  script: string[];
  connect: string[];
  img: string[];
  style: string[];
  font: string[];
  frame: string[];
}

/** One script tag of a widget: an external file (async) or a few lines of our own (with the nonce). */
export type WidgetScript = { src: string } | { inline: string };

/** What the storefront's <head> gets once the visitor accepted: the scripts and the origins they need. */
export interface SiteWidgets {
  scripts: WidgetScript[];
  csp: CspAllowance;
}

const GA4 = /^G-[A-Z0-9]{4,20}$/;
const GTM = /^GTM-[A-Z0-9]{4,20}$/;
/** Tawk.to: property id / widget id, as in its embed code (https://embed.tawk.to/<property>/<widget>). */
const TAWK = /^[a-f0-9]{24}\/[a-z0-9]{6,16}$/i;
/** Crisp: the website id, a UUID. */
const CRISP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ANALYTICS_ID_MESSAGE =
  "The analytics id is a Google Analytics 4 measurement id (G-…) or a Tag Manager container id (GTM-…)";
export const CHAT_WIDGET_ID_MESSAGE =
  "The chat widget id is a Tawk.to property/widget id (as in its embed link) or a Crisp website id";

/** Field errors of the widget ids of the store settings (empty: both fine). */
export function widgetIdErrors(analyticsId: string, chatWidgetId: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (analyticsId && !GA4.test(analyticsId) && !GTM.test(analyticsId))
    errors.analyticsId = ANALYTICS_ID_MESSAGE;
  if (chatWidgetId && !TAWK.test(chatWidgetId) && !CRISP.test(chatWidgetId)) {
    errors.chatWidgetId = CHAT_WIDGET_ID_MESSAGE;
  }
  return errors;
}

const empty = (): CspAllowance => ({ script: [], connect: [], img: [], style: [], font: [], frame: [] });

function add(csp: CspAllowance, extra: Partial<CspAllowance>) {
  for (const key of Object.keys(extra) as (keyof CspAllowance)[]) {
    for (const source of extra[key] ?? []) if (!csp[key].includes(source)) csp[key].push(source);
  }
}

const GOOGLE_TAG = "https://www.googletagmanager.com";
const GOOGLE_ANALYTICS = ["https://*.google-analytics.com", "https://*.analytics.google.com"];

/**
 * The script tags and CSP sources of the school's analytics and chat widget. Ids that are not one
 * of the known forms give nothing (the settings form refuses them; older values are ignored).
 * Values go into scripts only after matching these patterns, which allow no quote or markup.
 */
export function siteWidgets(analyticsId: string, chatWidgetId: string): SiteWidgets {
  const scripts: WidgetScript[] = [];
  const csp = empty();
  if (GA4.test(analyticsId)) {
    scripts.push(
      { src: `${GOOGLE_TAG}/gtag/js?id=${analyticsId}` },
      {
        inline: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag("js",new Date());gtag("config","${analyticsId}");`,
      },
    );
    add(csp, {
      script: [GOOGLE_TAG],
      connect: [GOOGLE_TAG, ...GOOGLE_ANALYTICS],
      img: [GOOGLE_TAG, ...GOOGLE_ANALYTICS],
    });
  } else if (GTM.test(analyticsId)) {
    scripts.push(
      {
        inline: `window.dataLayer=window.dataLayer||[];dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});`,
      },
      { src: `${GOOGLE_TAG}/gtm.js?id=${analyticsId}` },
    );
    add(csp, {
      script: [GOOGLE_TAG],
      connect: [GOOGLE_TAG, ...GOOGLE_ANALYTICS],
      img: [GOOGLE_TAG, ...GOOGLE_ANALYTICS],
      frame: [GOOGLE_TAG],
    });
  }
  if (TAWK.test(chatWidgetId)) {
    scripts.push({ src: `https://embed.tawk.to/${chatWidgetId}` });
    add(csp, {
      script: ["https://embed.tawk.to", "https://*.tawk.to"],
      connect: ["https://*.tawk.to", "wss://*.tawk.to"],
      img: ["https://*.tawk.to"],
      style: ["https://*.tawk.to"],
      font: ["https://*.tawk.to"],
      frame: ["https://*.tawk.to"],
    });
  } else if (CRISP.test(chatWidgetId)) {
    scripts.push(
      { inline: `window.$crisp=[];window.CRISP_WEBSITE_ID="${chatWidgetId.toLowerCase()}";` },
      { src: "https://client.crisp.chat/l.js" },
    );
    add(csp, {
      script: ["https://client.crisp.chat", "https://settings.crisp.chat"],
      connect: ["https://client.crisp.chat", "https://storage.crisp.chat", "wss://client.relay.crisp.chat"],
      img: ["https://client.crisp.chat", "https://image.crisp.chat", "https://storage.crisp.chat"],
      style: ["https://client.crisp.chat"],
      font: ["https://client.crisp.chat"],
      frame: ["https://game.crisp.chat"],
    });
  }
  return { scripts, csp };
}
