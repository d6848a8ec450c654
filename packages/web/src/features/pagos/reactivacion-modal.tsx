import {
  desaconsejaRepresentar,
  describirMotivoDevolucion,
  formatearFecha,
  mensajeDeError,
} from "@fila/domain";
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { importe, nombrePersona } from "./pagos-logica";
import type { PagoApi } from "./tipos";
import { useMutacionesPagos } from "./use-pagos";

/** «AM04 · Fondos insuficientes (05/04/2026)»: why and when the bank returned a charge. */
export function textoDevolucion(pago: Pick<PagoApi, "motivoDevolucion" | "fechaDevolucion">) {
  const motivo = pago.motivoDevolucion ? describirMotivoDevolucion(pago.motivoDevolucion) : "";
  const fecha = pago.fechaDevolucion ? formatearFecha(pago.fechaDevolucion) : "";
  return fecha && motivo ? `${motivo} (${fecha})` : motivo || fecha;
}

/**
 * Puts a returned charge up for collection again (pending, out of its remittance), so the
 * next remittance includes it. Warns when the return reason says it should not be re-presented.
 */
export function ReactivacionModal({
  pago,
  alCerrar,
}: {
  pago: PagoApi | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { reactivar } = useMutacionesPagos();
  const [motivo, setMotivo] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!pago) return;
    setMotivo("");
    setError(null);
  }, [pago]);

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    if (!pago) return;
    setError(null);
    try {
      await reactivar.mutateAsync({ id: pago.id, motivo: motivo.trim() });
      notifications.show({ color: "green", message: t("reactivacion.hecho") });
      alCerrar();
    } catch (err) {
      setError(mensajeDeError(err));
    }
  }

  const devolucion = pago ? textoDevolucion(pago) : "";
  const desaconsejado = pago ? desaconsejaRepresentar(pago.motivoDevolucion) : false;

  return (
    <Modal opened={pago !== null} onClose={alCerrar} title={t("reactivacion.titulo")} centered>
      <form onSubmit={enviar} noValidate>
        <Stack>
          {pago ? (
            <>
              <Text size="sm">
                {t("reactivacion.texto", {
                  concepto: pago.concepto,
                  socio: nombrePersona(pago.socio),
                  importe: importe(pago.importe),
                })}
              </Text>
              <Text size="sm">
                {t("reactivacion.motivoBanco", {
                  motivo: devolucion || t("reactivacion.sinMotivo"),
                })}
              </Text>
            </>
          ) : null}
          {desaconsejado ? (
            <Alert
              color="orange"
              title={t("reactivacion.avisoTitulo")}
              icon={<IconAlertTriangle size={18} aria-hidden />}
            >
              {t("reactivacion.aviso")}
            </Alert>
          ) : null}
          <Textarea
            label={t("reactivacion.nota")}
            description={t("reactivacion.notaAyuda")}
            rows={2}
            maxLength={500}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
          />
          {error ? (
            <Alert role="alert" color="red" title={t("reactivacion.error")}>
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button
              type="submit"
              color={desaconsejado ? "orange" : undefined}
              loading={reactivar.isPending}
            >
              {t("reactivacion.confirmar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
