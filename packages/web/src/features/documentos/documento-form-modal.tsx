import "@mantine/dropzone/styles.css";
import {
  DOCUMENTO_MAX_BYTES,
  type Documento,
  VISIBILIDADES_DOCUMENTO,
  type VisibilidadDocumento,
} from "@fila/domain";
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { notifications } from "@mantine/notifications";
import { IconFile, IconUpload, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { erroresDeServidor } from "../socios/errores-formulario";
import { formatearTamanyo } from "./formato-documento";
import { useCategoriasDocumentos, useMutacionesDocumentos } from "./use-documentos";

const CAMPOS = ["titulo", "descripcion", "categoria", "anyo", "visibilidad", "archivo"] as const;

type Datos = {
  titulo: string;
  descripcion: string;
  categoria: string;
  anyo: number | null;
  visibilidad: VisibilidadDocumento;
};

type Props = { abierto: boolean; documento: Documento | null; alCerrar: () => void };

/** Upload a new document (Dropzone + fields) or change an existing one's details. */
export function DocumentoFormModal({ abierto, documento, alCerrar }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={abierto}
      onClose={alCerrar}
      size="lg"
      title={documento ? t("documentos.form.tituloEditar") : t("documentos.form.tituloSubir")}
    >
      {abierto ? <Formulario documento={documento} alCerrar={alCerrar} /> : null}
    </Modal>
  );
}

function Formulario({ documento, alCerrar }: Omit<Props, "abierto">) {
  const { t } = useTranslation();
  const categorias = useCategoriasDocumentos();
  const { subir, guardar } = useMutacionesDocumentos();
  const [datos, setDatos] = useState<Datos>({
    titulo: documento?.titulo ?? "",
    descripcion: documento?.descripcion ?? "",
    categoria: documento?.categoria ?? "",
    anyo: documento?.anyo ?? new Date().getFullYear(),
    visibilidad: documento?.visibilidad ?? "administrador",
  });
  const [archivo, setArchivo] = useState<File | null>(null);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const cambiar = <K extends keyof Datos>(campo: K, valor: Datos[K]) =>
    setDatos((d) => ({ ...d, [campo]: valor }));

  function elegir(archivos: File[]) {
    const elegido = archivos[0] ?? null;
    setArchivo(elegido);
    setErrores((e) => ({ ...e, archivo: "" }));
    if (elegido && !datos.titulo) cambiar("titulo", elegido.name.replace(/\.[^.]+$/, ""));
  }

  function rechazar(rechazos: FileRejection[]) {
    const demasiado = rechazos.some((r) => r.errors.some((e) => e.code === "file-too-large"));
    setErrores((e) => ({
      ...e,
      archivo: demasiado
        ? t("documentos.form.demasiadoGrande")
        : t("documentos.form.unSoloArchivo"),
    }));
  }

  async function enviar(evento: React.FormEvent) {
    evento.preventDefault();
    setErrores({});
    setError(null);
    if (!documento && !archivo) {
      setErrores({ archivo: t("documentos.form.faltaArchivo") });
      return;
    }
    try {
      if (documento) {
        await guardar.mutateAsync({ id: documento.id, datos });
      } else if (archivo) {
        await subir.mutateAsync({ ...datos, archivo });
      }
      notifications.show({
        color: "green",
        message: t(documento ? "documentos.avisos.guardado" : "documentos.avisos.subido", {
          titulo: datos.titulo,
        }),
      });
      alCerrar();
    } catch (e) {
      const servidor = erroresDeServidor(e, CAMPOS);
      setErrores(servidor.campos);
      setError(servidor.general);
    }
  }

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        {documento ? (
          <Text size="sm" c="dimmed">
            {t("documentos.form.archivoActual", { nombre: documento.nombreArchivo })}
          </Text>
        ) : (
          <Stack gap={4}>
            <Dropzone
              onDrop={elegir}
              onReject={rechazar}
              maxSize={DOCUMENTO_MAX_BYTES}
              multiple={false}
              aria-label={t("documentos.form.archivo")}
              data-testid="dropzone-documento"
            >
              <Group justify="center" gap="md" mih={110} style={{ pointerEvents: "none" }}>
                <Dropzone.Accept>
                  <IconUpload size={40} aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={40} aria-hidden />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFile size={40} aria-hidden />
                </Dropzone.Idle>
                <Stack gap={2}>
                  <Text fw={500}>
                    {archivo
                      ? `${archivo.name} (${formatearTamanyo(archivo.size)})`
                      : t("documentos.form.arrastra")}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t("documentos.form.tipos")}
                  </Text>
                </Stack>
              </Group>
            </Dropzone>
            {errores.archivo ? (
              <Text size="sm" c="red" role="alert">
                {errores.archivo}
              </Text>
            ) : null}
          </Stack>
        )}
        <TextInput
          label={t("documentos.campos.titulo")}
          required
          value={datos.titulo}
          onChange={(e) => cambiar("titulo", e.currentTarget.value)}
          error={errores.titulo}
          maxLength={200}
        />
        <Textarea
          label={t("documentos.campos.descripcion")}
          value={datos.descripcion}
          onChange={(e) => cambiar("descripcion", e.currentTarget.value)}
          error={errores.descripcion}
          autosize
          minRows={2}
        />
        <Group grow align="flex-start">
          <Autocomplete
            label={t("documentos.campos.categoria")}
            data={categorias.data ?? []}
            value={datos.categoria}
            onChange={(v) => cambiar("categoria", v)}
            error={errores.categoria}
            maxLength={100}
          />
          <NumberInput
            label={t("documentos.campos.anyo")}
            value={datos.anyo ?? ""}
            onChange={(v) => cambiar("anyo", typeof v === "number" ? v : null)}
            error={errores.anyo}
            min={1900}
            max={2200}
            allowDecimal={false}
            thousandSeparator={false}
          />
        </Group>
        <Select
          label={t("documentos.campos.visibilidad")}
          data={VISIBILIDADES_DOCUMENTO.map((v) => ({
            value: v,
            label: t(`documentos.visibilidades.${v}`),
          }))}
          value={datos.visibilidad}
          onChange={(v) => v && cambiar("visibilidad", v as VisibilidadDocumento)}
          error={errores.visibilidad}
          allowDeselect={false}
        />
        {error ? (
          <Alert role="alert" color="red" title={t("documentos.form.error")}>
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={alCerrar}>
            {t("comun.cancelar")}
          </Button>
          <Button type="submit" loading={subir.isPending || guardar.isPending}>
            {documento ? t("comun.guardar") : t("documentos.form.subir")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
