import { useTranslation } from "react-i18next";
import { ResumenActosHome } from "../actos/resumen-actos-home";
import { DestacadosHome } from "../mercadillo/destacados-home";
import { PagosPendientesHome } from "../pagos/pagos-pendientes-home";
import { HomePage } from "./home-page";

export function UserHomePage() {
  const { t } = useTranslation();
  return (
    <HomePage rolDeHome="usuario" ruta="/user-home" intro={t("homes.introUsuario")}>
      <ResumenActosHome />
      <PagosPendientesHome />
      <DestacadosHome />
    </HomePage>
  );
}
