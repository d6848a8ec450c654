import { aCentimos, formatearFechaHora, formatearImporte, type Movimiento } from "@fila/domain";
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { IconCamera, IconPaperclip } from "@tabler/icons-react";
import { useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { AvisoError } from "../loteria/aviso-error";
import { TIPOS_DOCUMENTO } from "./movimiento-form-modal";
import { useDocumentos, useMutacionesTesoreria } from "./use-tesoreria";

const euros = (v: number) => formatearImporte(aCentimos(v));

/** A movement's documents: download each, attach another (a photo or a PDF). */
export function DocumentosModal({
  movimiento,
  alCerrar,
}: {
  movimiento: Movimiento;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const documentos = useDocumentos(movimiento.id);
  const { subirDocumento } = useMutacionesTesoreria();
  const [error, setError] = useState<unknown>(null);

  async function subir(archivo: File | null) {
    if (!archivo) return;
    setError(null);
    try {
      await subirDocumento.mutateAsync({ id: movimiento.id, archivo });
    } catch (e) {
      setError(e);
    }
  }

  async function descargar(id: number, nombre: string) {
    try {
      await descargarDeApi(`/tesoreria/movimientos/${movimiento.id}/documentos/${id}`, nombre);
    } catch (e) {
      notificarError(e, t("tesoreria.documentos.errorDescarga"));
    }
  }

  return (
    <Modal
      opened
      onClose={alCerrar}
      title={t("tesoreria.documentos.titulo", { concepto: movimiento.concepto })}
    >
      <Stack gap="sm">
        <AvisoError error={error} titulo={t("tesoreria.documentos.errorSubir")} />
        {documentos.isPending ? <Loader size="sm" aria-label={t("app.cargando")} /> : null}
        {documentos.isError ? (
          <Alert role="alert" color="red">
            {t("tesoreria.documentos.errorCarga")}
          </Alert>
        ) : null}
        {documentos.data?.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("tesoreria.documentos.ninguno")}
          </Text>
        ) : null}
        <List spacing={4} listStyleType="none">
          {documentos.data?.map((d) => (
            <List.Item key={d.id}>
              <Anchor
                component="button"
                type="button"
                onClick={() => void descargar(d.id, d.nombreArchivo)}
              >
                {d.nombreArchivo}
              </Anchor>{" "}
              <Text span size="xs" c="dimmed">
                {formatearFechaHora(d.subidoEn)}
              </Text>
            </List.Item>
          ))}
        </List>
        <Group gap="xs">
          <FileButton onChange={(a) => void subir(a)} accept="image/*" capture="environment">
            {(props) => (
              <Button
                {...props}
                variant="light"
                loading={subirDocumento.isPending}
                leftSection={<IconCamera size={16} aria-hidden />}
              >
                {t("tesoreria.movimiento.foto")}
              </Button>
            )}
          </FileButton>
          <FileButton onChange={(a) => void subir(a)} accept={TIPOS_DOCUMENTO}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={subirDocumento.isPending}
                leftSection={<IconPaperclip size={16} aria-hidden />}
              >
                {t("tesoreria.movimiento.archivo")}
              </Button>
            )}
          </FileButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            {t("comun.cerrar")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Corrects a movement with its counter-entry (nothing is ever deleted): the opposite movement,
 * dated today or on the date given, with the reason.
 */
export function ContraasientoModal({
  movimiento,
  alCerrar,
}: {
  movimiento: Movimiento;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { contraasiento } = useMutacionesTesoreria();
  const [motivo, setMotivo] = useState("");
  const [fecha, setFecha] = useState("");
  const [faltaMotivo, setFaltaMotivo] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (motivo.trim() === "") {
      setFaltaMotivo(true);
      return;
    }
    try {
      await contraasiento.mutateAsync({
        id: movimiento.id,
        motivo: motivo.trim(),
        fecha: fecha || undefined,
      });
      alCerrar();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Modal opened onClose={alCerrar} title={t("tesoreria.contraasiento.titulo")}>
      <form onSubmit={enviar} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {t("tesoreria.contraasiento.explicacion", {
              concepto: movimiento.concepto,
              importe: euros(movimiento.importe),
              opuesto: euros(-movimiento.importe),
            })}
          </Text>
          <AvisoError error={error} titulo={t("tesoreria.contraasiento.error")} />
          <Textarea
            label={t("tesoreria.contraasiento.motivo")}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={motivo}
            error={
              faltaMotivo && motivo.trim() === "" ? t("tesoreria.contraasiento.faltaMotivo") : null
            }
            onChange={(e) => setMotivo(e.currentTarget.value)}
            data-autofocus
          />
          <CampoFecha
            label={t("tesoreria.contraasiento.fecha")}
            description={t("tesoreria.contraasiento.fechaAyuda")}
            value={fecha}
            onChange={setFecha}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" color="orange" loading={contraasiento.isPending}>
              {t("tesoreria.contraasiento.boton")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
