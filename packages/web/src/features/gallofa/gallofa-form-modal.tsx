import type { Gallofa, TipoGallofa } from "@fila/domain";
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { type FormEvent, useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { hoyIso } from "../pagos/pagos-logica";
import { SelectorSocio } from "../socios/selector-socio";
import { useMutacionesGallofa } from "./use-gallofa";

/** Records or edits a contribution: from a member or from outside, money or kind. */
export function GallofaFormModal({
  aportacion,
  alCerrar,
}: {
  aportacion: Gallofa | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { guardar } = useMutacionesGallofa();
  const [fecha, setFecha] = useState(aportacion?.fecha ?? hoyIso());
  const [deSocio, setDeSocio] = useState(aportacion ? aportacion.idSocio !== null : true);
  const [idSocio, setIdSocio] = useState<number | null>(aportacion?.idSocio ?? null);
  const [nombre, setNombre] = useState(aportacion?.idSocio ? "" : (aportacion?.nombre ?? ""));
  const [tipo, setTipo] = useState<TipoGallofa>(aportacion?.tipo ?? "dinero");
  const [importe, setImporte] = useState<number | string>(aportacion?.importe ?? "");
  const [descripcion, setDescripcion] = useState(aportacion?.descripcion ?? "");
  const [recogidoPor, setRecogidoPor] = useState(aportacion?.recogidoPor ?? "");
  const [nota, setNota] = useState(aportacion?.nota ?? "");
  const [anonimo, setAnonimo] = useState(aportacion?.anonimo ?? false);

  const enviar = (evento: FormEvent) => {
    evento.preventDefault();
    guardar.mutate(
      {
        id: aportacion?.id ?? null,
        datos: {
          fecha,
          idSocio: deSocio ? idSocio : null,
          nombre: deSocio ? "" : nombre,
          tipo,
          importe: typeof importe === "number" ? importe : 0,
          descripcion,
          recogidoPor,
          nota,
          anonimo,
        },
      },
      { onSuccess: alCerrar, onError: (e) => notificarError(e) },
    );
  };

  return (
    <Modal
      opened
      onClose={alCerrar}
      size="lg"
      title={aportacion ? t("gallofa.form.tituloEditar") : t("gallofa.form.tituloNueva")}
      closeButtonProps={{ "aria-label": t("gallofa.form.cancelar") }}
    >
      <form onSubmit={enviar}>
        <Stack gap="sm">
          <CampoFecha
            label={t("gallofa.campos.fecha")}
            required
            value={fecha}
            onChange={setFecha}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("gallofa.form.origen")}
            </Text>
            <SegmentedControl
              value={deSocio ? "socio" : "fuera"}
              onChange={(v) => setDeSocio(v === "socio")}
              data={[
                { value: "socio", label: t("gallofa.form.deSocio") },
                { value: "fuera", label: t("gallofa.form.deFuera") },
              ]}
            />
          </Stack>
          {deSocio ? (
            <SelectorSocio
              label={t("gallofa.form.socio")}
              valorInicial={aportacion?.idSocio ?? null}
              actual={null}
              onChange={setIdSocio}
            />
          ) : (
            <TextInput
              label={t("gallofa.form.nombre")}
              value={nombre}
              onChange={(e) => setNombre(e.currentTarget.value)}
            />
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("gallofa.form.tipo")}
            </Text>
            <SegmentedControl
              value={tipo}
              onChange={(v) => setTipo(v as TipoGallofa)}
              data={[
                { value: "dinero", label: t("gallofa.tipos.dinero") },
                { value: "especie", label: t("gallofa.tipos.especie") },
              ]}
            />
          </Stack>
          {tipo === "especie" ? (
            <TextInput
              label={t("gallofa.form.descripcion")}
              value={descripcion}
              onChange={(e) => setDescripcion(e.currentTarget.value)}
            />
          ) : null}
          <NumberInput
            label={
              tipo === "dinero" ? t("gallofa.form.importeDinero") : t("gallofa.form.importeEspecie")
            }
            min={0}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            value={importe}
            onChange={setImporte}
          />
          <TextInput
            label={t("gallofa.form.recogidoPor")}
            value={recogidoPor}
            onChange={(e) => setRecogidoPor(e.currentTarget.value)}
          />
          <TextInput
            label={t("gallofa.form.nota")}
            value={nota}
            onChange={(e) => setNota(e.currentTarget.value)}
          />
          <Checkbox
            label={t("gallofa.form.anonimo")}
            checked={anonimo}
            onChange={(e) => setAnonimo(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("gallofa.form.cancelar")}
            </Button>
            <Button type="submit" loading={guardar.isPending}>
              {t("gallofa.form.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
