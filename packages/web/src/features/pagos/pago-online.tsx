import type { PagoOnlineDisponible } from "@fila/domain";
import { Alert, Button } from "@mantine/core";
import { IconCreditCard } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import type { PagoApi } from "./tipos";

const PagarAhoraModal = lazy(() =>
  import("./pago-online-modal").then((m) => ({ default: m.PagarAhoraModal })),
);

function usePagoOnline(): PagoOnlineDisponible | undefined {
  return useQuery({
    queryKey: ["pago-online", "activo"],
    queryFn: ({ signal }) => api.get<PagoOnlineDisponible>("/pagos/pago-online", signal),
    staleTime: 5 * 60_000,
  }).data;
}

/** Whether the board configured the bank's virtual POS (REDSYS_*): without it, no button. */
export function usePagoOnlineActivo(): boolean {
  return usePagoOnline()?.activo === true;
}

/** «Pagar ahora»: shown only with online payment on and something to pay. */
export function BotonPagarAhora({ pendientes }: { pendientes: PagoApi[] }) {
  const { t } = useTranslation();
  const estado = usePagoOnline();
  const [abierto, setAbierto] = useState(false);
  // A charge in a remittance not collected yet is the bank's to debit.
  const pagables = pendientes.filter(
    (p) => p.estado === "devuelto" || (p.estado === "pendiente" && p.idRemesa === null),
  );
  if (estado?.activo !== true || pagables.length === 0) return null;
  return (
    <>
      {estado.prueba ? (
        <Alert role="status" color="orange" title={t("pagoOnline.pruebaTitulo")} maw={480}>
          {t("pagoOnline.prueba")}
        </Alert>
      ) : null}
      <Button
        leftSection={<IconCreditCard size={18} aria-hidden />}
        onClick={() => setAbierto(true)}
        fullWidth
        maw={320}
      >
        {t("pagoOnline.pagarAhora")}
      </Button>
      {abierto ? (
        <Suspense fallback={null}>
          <PagarAhoraModal pagos={pagables} alCerrar={() => setAbierto(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
