import {
  ANUNCIO_MAX_ETIQUETAS,
  ANUNCIO_MAX_IMAGENES,
  type AnuncioEntrada,
  AnuncioEntradaSchema,
  type AnuncioVista,
  type Contacto,
} from "@fila/domain";
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
import { schemaResolver, useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { IconCamera, IconPhotoPlus, IconStar, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { ImagenApi } from "../../lib/imagen-api";
import { notificarError } from "../../lib/notificar";
import { useEtiquetasAnuncios, useMutacionesAnuncios } from "./use-anuncios";

const TIPOS_IMAGEN = "image/jpeg,image/png,image/webp";

type Valores = {
  titulo: string;
  descripcion: string;
  /** As the number field gives it: a number, or text while it is empty or half typed. */
  precio: number | string;
  etiquetas: string[];
  contacto: Contacto;
  activo: boolean;
};

/** The body the API takes; an empty contact is left out so the member's own data is used. */
function aEntrada(v: Valores): AnuncioEntrada {
  const { nombre, email, telefono } = v.contacto;
  const sinContacto = !nombre.trim() && !email.trim() && !telefono.trim();
  return {
    titulo: v.titulo,
    descripcion: v.descripcion,
    precio:
      typeof v.precio === "number" ? v.precio : Number(String(v.precio).replace(",", ".")) || 0,
    etiquetas: v.etiquetas,
    contacto: sinContacto ? undefined : v.contacto,
    activo: v.activo,
  };
}

// The same rules the API applies, field by field (`contacto.email`…), before sending.
const validarEntrada = schemaResolver(AnuncioEntradaSchema, { sync: true });

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
  const { guardar, subirImagen, quitarImagen, ordenarImagenes } = useMutacionesAnuncios();
  const form = useForm<Valores>({
    initialValues: {
      titulo: anuncio?.titulo ?? "",
      descripcion: anuncio?.descripcion ?? "",
      precio: anuncio?.precio ?? 0,
      etiquetas: anuncio?.etiquetas ?? [],
      contacto: anuncio?.contacto ?? { nombre: "", email: "", telefono: "" },
      activo: anuncio?.activo ?? true,
    },
    validate: (valores) => validarEntrada(aEntrada(valores)),
  });
  // The ad as this form last saved it: once a first «Guardar» has created it, a retry (after a
  // photo failed) updates that ad instead of posting a second one.
  const [guardado, setGuardado] = useState<AnuncioVista | null>(anuncio);
  const [imagenes, setImagenes] = useState<string[]>(anuncio?.imagenes ?? []);
  const [archivos, setArchivos] = useState<File[]>([]);
  const [enviando, setEnviando] = useState(false);
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
    if (!guardado) return;
    const orden = [url, ...imagenes.filter((u) => u !== url)];
    ordenarImagenes.mutate(
      { id: guardado.id, imagenes: orden },
      { onSuccess: (a) => setImagenes(a.imagenes), onError: (e) => notificarError(e) },
    );
  };

  const enviar = form.onSubmit(async (valores) => {
    setEnviando(true);
    try {
      let actual = await guardar.mutateAsync({
        id: guardado?.id ?? null,
        datos: aEntrada(valores),
      });
      setGuardado(actual);
      setImagenes(actual.imagenes);
      for (const archivo of archivos) {
        actual = await subirImagen.mutateAsync({ id: actual.id, archivo });
        setImagenes(actual.imagenes);
        // Uploaded: a retry after a later failure sends only the photos still pending.
        setArchivos((pendientes) => pendientes.filter((a) => a !== archivo));
      }
      alCerrar();
    } catch (error) {
      notificarError(error);
    } finally {
      setEnviando(false);
    }
  });

  return (
    <Modal
      opened
      onClose={alCerrar}
      fullScreen={movil}
      size="lg"
      closeButtonProps={{ "aria-label": t("mercadillo.cerrar") }}
      title={anuncio ? t("mercadillo.form.tituloEditar") : t("mercadillo.form.tituloNuevo")}
    >
      <form onSubmit={enviar} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("mercadillo.form.titulo")}
            required
            maxLength={200}
            {...form.getInputProps("titulo")}
          />
          <Textarea
            label={t("mercadillo.form.descripcion")}
            autosize
            minRows={3}
            maxLength={5000}
            {...form.getInputProps("descripcion")}
          />
          <NumberInput
            label={t("mercadillo.form.precio")}
            description={t("mercadillo.form.precioAyuda")}
            min={0}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            inputMode="decimal"
            {...form.getInputProps("precio")}
          />
          <TagsInput
            label={t("mercadillo.form.etiquetas")}
            description={t("mercadillo.form.etiquetasAyuda")}
            data={(sugerencias.data?.items ?? []).map((e) => e.etiqueta)}
            maxTags={ANUNCIO_MAX_ETIQUETAS}
            {...form.getInputProps("etiquetas")}
            onChange={(v) =>
              form.setFieldValue("etiquetas", [...new Set(v.map((e) => e.trim().toLowerCase()))])
            }
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
              {...form.getInputProps("contacto.nombre")}
            />
            <TextInput
              label={t("mercadillo.form.contactoEmail")}
              type="email"
              inputMode="email"
              {...form.getInputProps("contacto.email")}
            />
            <TextInput
              label={t("mercadillo.form.contactoTelefono")}
              type="tel"
              inputMode="tel"
              {...form.getInputProps("contacto.telefono")}
            />
          </Stack>
          {anuncio ? (
            <Checkbox
              label={t("mercadillo.form.activo")}
              {...form.getInputProps("activo", { type: "checkbox" })}
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
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  {t("mercadillo.form.pendientes", { n: archivos.length })}
                </Text>
                {archivos.map((archivo, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two picked files may share a name
                  <Group key={`${archivo.name}-${i}`} gap="xs" wrap="nowrap">
                    <Text size="sm" truncate>
                      {archivo.name}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      onClick={() =>
                        setArchivos((actuales) => actuales.filter((a) => a !== archivo))
                      }
                      aria-label={t("mercadillo.form.noSubir", { nombre: archivo.name })}
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
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
            <Button type="submit" loading={enviando}>
              {t("mercadillo.form.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
