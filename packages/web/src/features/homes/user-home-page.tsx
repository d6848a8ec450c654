import { useTranslation } from "react-i18next";
import { HomePage } from "./home-page";

export function UserHomePage() {
  const { t } = useTranslation();
  return <HomePage rolDeHome="usuario" ruta="/user-home" intro={t("homes.introUsuario")} />;
}
