import { useTranslation } from "react-i18next";
import { ResumenActosHome } from "../actos/resumen-actos-home";
import { DestacadosHome } from "../mercadillo/destacados-home";
import { PagosPendientesHome } from "../pagos/pagos-pendientes-home";
import { HomePage } from "./home-page";
import { MiCarnet } from "./mi-carnet";

export function SocioHomePage() {
  const { t } = useTranslation();
  return (
    <HomePage rolDeHome="socio" ruta="/socio-home" intro={t("homes.introSocio")}>
      <MiCarnet />
      <ResumenActosHome />
      <PagosPendientesHome />
      <DestacadosHome />
    </HomePage>
  );
}
