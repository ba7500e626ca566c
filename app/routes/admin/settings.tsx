import { SettingsPage } from "~/features/settings-content/settings-page";
import { settingsAction, settingsLoader } from "~/features/settings-content/settings-page.server";
import { translator } from "~/i18n/translator";
import type { Route } from "./+types/settings";

export const loader = ({ context, request }: Route.LoaderArgs) => settingsLoader(context, request);
export const action = ({ context, request }: Route.ActionArgs) => settingsAction(context, request);

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminSettings.title") }] : [];
};

export default function Settings({ loaderData }: Route.ComponentProps) {
  return <SettingsPage data={loaderData} defaultTab="common" />;
}
