import { mensajeDeError } from "@fila/domain";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { descargarDeApi } from "../../lib/descargar";
import { i18n } from "../../lib/i18n";
import { registrarEvento } from "../analitica/registro-analitica";
import { AnulacionModal } from "./anulacion-modal";
import { CobroModal } from "./cobro-modal";
import { ReactivacionModal } from "./reactivacion-modal";
import type { AccionesPago } from "./tabla-pagos";
import type { PagoApi } from "./tipos";

/** Downloads a paid charge's receipt (PDF) with the session's token. */
export async function descargarRecibo(pago: Pick<PagoApi, "id">): Promise<void> {
  try {
    await descargarDeApi(`/pagos/${pago.id}/recibo.pdf`, `recibo-${pago.id}.pdf`);
    registrarEvento("recibo_descargado");
  } catch (error) {
    notifications.show({
      color: "red",
      title: i18n.t("pagos.errorRecibo"),
      message: mensajeDeError(error),
    });
  }
}

/** The row actions of a charges table and the modals they open. */
export function useAccionesPago() {
  const [cobrando, setCobrando] = useState<PagoApi[]>([]);
  const [anulando, setAnulando] = useState<PagoApi | null>(null);
  const [reactivando, setReactivando] = useState<PagoApi | null>(null);
  const [alCobrar, setAlCobrar] = useState<(() => void) | undefined>(undefined);

  const acciones: AccionesPago = {
    cobrar: (pago) => setCobrando([pago]),
    anular: setAnulando,
    reactivar: setReactivando,
    recibo: (pago) => void descargarRecibo(pago),
  };

  function cobrarVarios(pagos: PagoApi[], despues?: () => void) {
    setAlCobrar(() => despues);
    setCobrando(pagos);
  }

  const modales = (
    <>
      <CobroModal
        pagos={cobrando}
        alCobrar={alCobrar}
        alCerrar={() => {
          setCobrando([]);
          setAlCobrar(undefined);
        }}
      />
      <AnulacionModal pago={anulando} alCerrar={() => setAnulando(null)} />
      <ReactivacionModal pago={reactivando} alCerrar={() => setReactivando(null)} />
    </>
  );

  return { acciones, modales, cobrarVarios };
}
