import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadMessages } from "~/i18n/messages-store";

/**
 * React Router's default entry, once the page's interface texts are here: they come as a script of
 * their own (`<html data-messages>`, messages-script.server.ts), usually from the browser's cache,
 * and the root renders with them from the first hydration on. Without them the page stays as the
 * server rendered it (it works without JavaScript) rather than hydrating with the wrong texts.
 */
const src = document.documentElement.dataset.messages;
(src ? loadMessages(src) : Promise.resolve())
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  )
  .catch((error: unknown) => console.warn("The interface texts could not be loaded:", error));
