import { createContext, useContext } from "react";
import type { Messages } from "./i18n";

/**
 * The interface texts by their script's address (`src`, see messages-script.server.ts). The root
 * loader's data names the texts; this store holds them: on the server the root loader puts them
 * here, in the browser `loadMessages` does before hydrating (entry.client.tsx) and before the root
 * data of a new language or message area is shown (root `clientLoader`).
 *
 * Held weakly: on the server the texts live as long as the caches that made them (one object per
 * language, area and school overrides; a saved override makes a new one), so texts a school no
 * longer uses do not stay here; in the browser the imported module keeps them.
 */
const store = new Map<string, WeakRef<Messages>>();
const dropped = new FinalizationRegistry<string>((src) => {
  if (!store.get(src)?.deref()) store.delete(src);
});

export function keepMessages(src: string, messages: Messages): void {
  if (store.get(src)?.deref() === messages) return;
  store.set(src, new WeakRef(messages));
  dropped.register(messages, src);
}

export function messagesAt(src: string): Messages | undefined {
  return store.get(src)?.deref();
}

/** Fetches the texts at `src` (a module whose default export they are) unless they are here. */
export async function loadMessages(src: string): Promise<Messages> {
  const known = messagesAt(src);
  if (known) return known;
  const module = (await import(/* @vite-ignore */ src)) as { default: Messages };
  keepMessages(src, module.default);
  return module.default;
}

/**
 * The server render's texts, given by entry.server.tsx from the root loader (its request context):
 * the render holds them while it runs, whatever the caches drop meanwhile. Undefined in the browser.
 */
export const PageMessagesContext = createContext<Messages | undefined>(undefined);

/** The texts at `src`: the server render's own, else the store's. */
export function usePageMessages(src: string | undefined): Messages | undefined {
  const rendered = useContext(PageMessagesContext);
  return rendered ?? (src === undefined ? undefined : messagesAt(src));
}
