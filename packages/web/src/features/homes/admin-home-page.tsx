import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "../../lib/i18n";
import { PanelAdmin } from "../informes/panel-admin";
import { HomePage } from "./home-page";

// The charts (recharts) are loaded with this section only, not with the rest of the app.
const PanelAnalitica = lazy(() =>
  import("../analitica/panel-analitica").then((m) => ({ default: m.PanelAnalitica })),
);

export function AdminHomePage() {
  const { t } = useTranslation();
  return (
    <HomePage rolDeHome="administrador" ruta="/admin-home" intro={t("homes.introAdmin")}>
      <PanelAdmin />
      <Suspense fallback={<Skeleton height={240} radius="md" mt="lg" />}>
        <PanelAnalitica />
      </Suspense>
    </HomePage>
  );
}
