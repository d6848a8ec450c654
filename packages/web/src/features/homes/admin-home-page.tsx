import { useTranslation } from "react-i18next";
import { PanelAdmin } from "../informes/panel-admin";
import { HomePage } from "./home-page";

export function AdminHomePage() {
  const { t } = useTranslation();
  return (
    <HomePage rolDeHome="administrador" ruta="/admin-home" intro={t("homes.introAdmin")}>
      <PanelAdmin />
    </HomePage>
  );
}
