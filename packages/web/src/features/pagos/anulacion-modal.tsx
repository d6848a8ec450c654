import { mensajeDeError } from "@fila/domain";
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { importe, nombrePersona } from "./pagos-logica";
import type { PagoApi } from "./tipos";
import { useMutacionesPagos } from "./use-pagos";

/** Cancels a charge; the reason is required (and audited by the API). */
export function AnulacionModal({ pago, alCerrar }: { pago: PagoApi | null; alCerrar: () => void }) {
  const { t } = useTranslation();
  const { anular } = useMutacionesPagos();
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
    if (motivo.trim() === "") {
      setError(t("pagos.anulacion.faltaMotivo"));
      return;
    }
    setError(null);
    try {
      await anular.mutateAsync({ id: pago.id, motivo: motivo.trim() });
      notifications.show({ color: "green", message: t("pagos.anulacion.hecho") });
      alCerrar();
    } catch (err) {
      setError(mensajeDeError(err));
    }
  }

  return (
    <Modal opened={pago !== null} onClose={alCerrar} title={t("pagos.anulacion.titulo")} centered>
      <form onSubmit={enviar} noValidate>
        <Stack>
          {pago ? (
            <Text size="sm">
              {t("pagos.anulacion.texto", {
                concepto: pago.concepto,
                socio: nombrePersona(pago.socio),
                importe: importe(pago.importe),
              })}
            </Text>
          ) : null}
          <Textarea
            label={t("pagos.campos.motivo")}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            error={error && motivo.trim() === "" ? error : undefined}
          />
          {error && motivo.trim() !== "" ? (
            <Alert role="alert" color="red" title={t("pagos.anulacion.error")}>
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" color="red" loading={anular.isPending}>
              {t("pagos.anulacion.confirmar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
