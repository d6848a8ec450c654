import { mensajeDeError } from "@fila/domain";
import { Alert, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useAccionesPago } from "./acciones-pago";
import { TablaPagos } from "./tabla-pagos";
import type { FiltrosPagos } from "./tipos";
import { Totales } from "./totales-pagos";
import { useListaPagos } from "./use-pagos";

/** A member's charges and those they pay, of every year, for their record (administrador). */
export function PagosSocio({ idSocio }: { idSocio: number }) {
  const { t } = useTranslation();
  const [filtros, setFiltros] = useState<FiltrosPagos>({
    anyo: "",
    idProducto: "",
    estado: "",
    idFormaPago: "",
    q: "",
    idSocio: "",
    idSocioOPagador: String(idSocio),
    page: 1,
    pageSize: 25,
    sort: "-fechaVencimiento",
  });
  const lista = useListaPagos(filtros);
  const { acciones, modales } = useAccionesPago();

  return (
    <Stack gap="sm">
      {lista.isError ? (
        <Alert role="alert" color="red" title={t("pagos.errorCarga")}>
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <Totales datos={lista.data} />
      <TablaPagos
        datos={lista.data}
        cargando={lista.isFetching}
        filtros={filtros}
        alCambiar={(cambio) => setFiltros((f) => ({ ...f, ...cambio }))}
        acciones={acciones}
      />
      {modales}
    </Stack>
  );
}
