import { ANUNCIO_MAX_ETIQUETAS, ANUNCIO_MAX_IMAGENES, type AnuncioVista } from "@fila/domain";
import {
  ActionIcon,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  NumberInput,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCamera, IconPhotoPlus, IconStar, IconX } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { ImagenApi } from "../../lib/imagen-api";
import { notificarError } from "../../lib/notificar";
import { useEtiquetasAnuncios, useMutacionesAnuncios } from "./use-anuncios";

const TIPOS_IMAGEN = "image/jpeg,image/png,image/webp";

/** New ad or edit: fields, tags (suggested from those in use), contact and photos (camera too). */
export function FormularioAnuncio({
  anuncio,
  alCerrar,
}: {
  anuncio: AnuncioVista | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const movil = useMediaQuery("(max-width: 36em)");
  const sugerencias = useEtiquetasAnuncios();
  const { guardar, quitarImagen, ordenarImagenes } = useMutacionesAnuncios();
  const [titulo, setTitulo] = useState(anuncio?.titulo ?? "");
  const [descripcion, setDescripcion] = useState(anuncio?.descripcion ?? "");
  const [precio, setPrecio] = useState<number | string>(anuncio?.precio ?? 0);
  const [etiquetas, setEtiquetas] = useState<string[]>(anuncio?.etiquetas ?? []);
  const [nombre, setNombre] = useState(anuncio?.contacto.nombre ?? "");
  const [email, setEmail] = useState(anuncio?.contacto.email ?? "");
  const [telefono, setTelefono] = useState(anuncio?.contacto.telefono ?? "");
  const [activo, setActivo] = useState(anuncio?.activo ?? true);
  const [imagenes, setImagenes] = useState<string[]>(anuncio?.imagenes ?? []);
  const [archivos, setArchivos] = useState<File[]>([]);
  const libres = ANUNCIO_MAX_IMAGENES - imagenes.length - archivos.length;

  const anyadir = (nuevos: File[] | File | null) => {
    const lista = nuevos ? (Array.isArray(nuevos) ? nuevos : [nuevos]) : [];
    setArchivos((actuales) =>
      [...actuales, ...lista].slice(0, ANUNCIO_MAX_IMAGENES - imagenes.length),
    );
  };

  const quitar = (url: string) =>
    quitarImagen.mutate(url, {
      onSuccess: (a) => setImagenes(a.imagenes),
      onError: (e) => notificarError(e),
    });

  const deportada = (url: string) => {
    if (!anuncio) return;
    const orden = [url, ...imagenes.filter((u) => u !== url)];
    ordenarImagenes.mutate(
      { id: anuncio.id, imagenes: orden },
      { onSuccess: (a) => setImagenes(a.imagenes), onError: (e) => notificarError(e) },
    );
  };

  const enviar = (evento: FormEvent) => {
    evento.preventDefault();
    const sinContacto = !nombre.trim() && !email.trim() && !telefono.trim();
    guardar.mutate(
      {
        id: anuncio?.id ?? null,
        datos: {
          titulo,
          descripcion,
          precio:
            typeof precio === "number" ? precio : Number(String(precio).replace(",", ".")) || 0,
          etiquetas: etiquetas.map((e) => e.toLowerCase()),
          contacto: sinContacto ? undefined : { nombre, email, telefono },
          activo,
        },
        archivos,
      },
      { onSuccess: alCerrar, onError: (e) => notificarError(e) },
    );
  };

  return (
    <Modal
      opened
      onClose={alCerrar}
      fullScreen={movil}
      size="lg"
      closeButtonProps={{ "aria-label": t("mercadillo.cerrar") }}
      title={anuncio ? t("mercadillo.form.tituloEditar") : t("mercadillo.form.tituloNuevo")}
    >
      <form onSubmit={enviar}>
        <Stack gap="sm">
          <TextInput
            label={t("mercadillo.form.titulo")}
            required
            maxLength={200}
            value={titulo}
            onChange={(e) => setTitulo(e.currentTarget.value)}
          />
          <Textarea
            label={t("mercadillo.form.descripcion")}
            autosize
            minRows={3}
            maxLength={5000}
            value={descripcion}
            onChange={(e) => setDescripcion(e.currentTarget.value)}
          />
          <NumberInput
            label={t("mercadillo.form.precio")}
            description={t("mercadillo.form.precioAyuda")}
            min={0}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            inputMode="decimal"
            value={precio}
            onChange={setPrecio}
          />
          <TagsInput
            label={t("mercadillo.form.etiquetas")}
            description={t("mercadillo.form.etiquetasAyuda")}
            data={(sugerencias.data?.items ?? []).map((e) => e.etiqueta)}
            maxTags={ANUNCIO_MAX_ETIQUETAS}
            value={etiquetas}
            onChange={(v) => setEtiquetas([...new Set(v.map((e) => e.trim().toLowerCase()))])}
            clearable
          />
          <Stack gap={4}>
            <Text fw={500} size="sm">
              {t("mercadillo.form.contacto")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("mercadillo.form.contactoAyuda")}
            </Text>
            <TextInput
              label={t("mercadillo.form.contactoNombre")}
              value={nombre}
              onChange={(e) => setNombre(e.currentTarget.value)}
            />
            <TextInput
              label={t("mercadillo.form.contactoEmail")}
              type="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <TextInput
              label={t("mercadillo.form.contactoTelefono")}
              type="tel"
              inputMode="tel"
              value={telefono}
              onChange={(e) => setTelefono(e.currentTarget.value)}
            />
          </Stack>
          {anuncio ? (
            <Checkbox
              label={t("mercadillo.form.activo")}
              checked={activo}
              onChange={(e) => setActivo(e.currentTarget.checked)}
            />
          ) : null}

          <Stack gap={4}>
            <Text fw={500} size="sm">
              {t("mercadillo.form.imagenes")}
            </Text>
            <Group gap="xs">
              {imagenes.map((url, i) => (
                <Stack key={url} gap={2} align="center">
                  <ImagenApi
                    ruta={`${url}/miniatura`}
                    alt=""
                    w={72}
                    h={72}
                    fit="cover"
                    radius="sm"
                  />
                  <Group gap={2}>
                    {i > 0 ? (
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        onClick={() => deportada(url)}
                        aria-label={t("mercadillo.form.portada", { n: i + 1 })}
                      >
                        <IconStar size={14} aria-hidden />
                      </ActionIcon>
                    ) : null}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      onClick={() => quitar(url)}
                      aria-label={t("mercadillo.form.quitarImagen", { n: i + 1 })}
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Stack>
              ))}
            </Group>
            {archivos.length > 0 ? (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {t("mercadillo.form.pendientes", { n: archivos.length })}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  onClick={() => setArchivos([])}
                  aria-label={t("mercadillo.form.cancelar")}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            ) : null}
            <Group gap="xs">
              <FileButton onChange={anyadir} accept={TIPOS_IMAGEN} capture="environment">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    disabled={libres <= 0}
                    leftSection={<IconCamera size={18} aria-hidden />}
                  >
                    {t("mercadillo.form.hacerFoto")}
                  </Button>
                )}
              </FileButton>
              <FileButton onChange={anyadir} accept={TIPOS_IMAGEN} multiple>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    disabled={libres <= 0}
                    leftSection={<IconPhotoPlus size={18} aria-hidden />}
                    data-testid="elegir-fotos"
                  >
                    {t("mercadillo.form.elegirFotos")}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Stack>

          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={alCerrar}>
              {t("mercadillo.form.cancelar")}
            </Button>
            <Button type="submit" loading={guardar.isPending}>
              {t("mercadillo.form.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
