import { useTranslation } from "react-i18next";
import { HomePage } from "./home-page";

export function SocioHomePage() {
  const { t } = useTranslation();
  return <HomePage rolDeHome="socio" ruta="/socio-home" intro={t("homes.introSocio")} />;
}
