import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import { AlVerse } from "../../app/al-verse";
import type { ConsultasAlAbrir } from "../../app/datos-al-abrir";
import { sesionStore } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { PanelAdmin } from "../informes/panel-admin";
import { consultaResumenAdmin } from "../informes/use-resumen";
import { HomePage } from "./home-page";

// The charts (recharts) are loaded with this section only, not with the rest of the app.
const PanelAnalitica = lazy(() =>
  import("../analitica/panel-analitica").then((m) => ({ default: m.PanelAnalitica })),
);

/** Height of the section's placeholder until it is drawn. */
const ALTO_ANALITICA = 240;

/**
 * What the top of the home shows: the board's figures (ADR 0012). Only for the board: anyone
 * else who opens this address is sent to their own home, and must not ask for them (a 403).
 */
export const consultasAlAbrir: ConsultasAlAbrir = () =>
  sesionStore.obtener().usuario.rol === "administrador" ? [consultaResumenAdmin()] : [];

export function AdminHomePage() {
  const { t } = useTranslation();
  return (
    <HomePage rolDeHome="administrador" ruta="/admin-home" intro={t("homes.introAdmin")}>
      <PanelAdmin />
      {/* Below the board's figures, far below a phone's first screen: its code (the charts) is
          imported, run and drawn when its place comes near the screen, not while the home loads. */}
      <AlVerse alto={ALTO_ANALITICA}>
        <Suspense fallback={<Skeleton height={ALTO_ANALITICA} radius="md" mt="lg" />}>
          <PanelAnalitica />
        </Suspense>
      </AlVerse>
    </HomePage>
  );
}
