import type { MetaDescriptor } from "react-router";
import type { Messages } from "~/i18n/i18n";
import { translator } from "~/i18n/translator";

interface RootData {
  language: string;
  messages: Messages;
  store: { shopName: string };
}

/** Title of an account page ("Sign in | School"); account pages are kept out of search engines. */
export function accountMeta(root: RootData | undefined, titleKey: string): MetaDescriptor[] {
  if (!root) return [];
  const t = translator(root);
  return [{ title: `${t(titleKey)} | ${root.store.shopName}` }, { name: "robots", content: "noindex" }];
}
