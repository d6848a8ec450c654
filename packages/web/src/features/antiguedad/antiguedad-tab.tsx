import { mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAward, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTiposSocio } from "../socios/use-socios";
import {
  useAjustesAntiguedad,
  useCandidatos,
  useConcesiones,
  useMutacionesAntiguedad,
  useRecompensas,
} from "./use-antiguedad";

const esteAnyo = () => new Date().getFullYear();

/** «Antigüedad y recompensas», a tab of Festeros: who comes due this year, grants and diplomas. */
export function AntiguedadTab() {
  const { t } = useTranslation();
  const [anyo, setAnyo] = useState(esteAnyo());
  return (
    <Stack gap="lg">
      <Group align="end">
        <NumberInput
          label={t("antiguedad.anyo")}
          value={anyo}
          min={1900}
          max={2200}
          w={120}
          onChange={(v) => typeof v === "number" && setAnyo(v)}
        />
      </Group>
      <Candidatos anyo={anyo} />
      <Concedidas anyo={anyo} />
      <Reglas />
      <TiposInfantiles />
    </Stack>
  );
}

function Candidatos({ anyo }: { anyo: number }) {
  const { t } = useTranslation();
  const candidatos = useCandidatos(anyo);
  const { conceder } = useMutacionesAntiguedad();
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4">
        {t("antiguedad.candidatos")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("antiguedad.candidatosIntro")}
      </Text>
      {candidatos.isLoading ? <Loader size="sm" aria-label={t("app.cargando")} /> : null}
      {candidatos.isError ? <Alert color="red">{mensajeDeError(candidatos.error)}</Alert> : null}
      {candidatos.data && candidatos.data.items.length === 0 ? (
        <Text c="dimmed">{t("antiguedad.sinCandidatos")}</Text>
      ) : null}
      {candidatos.data && candidatos.data.items.length > 0 ? (
        <Table striped aria-label={t("antiguedad.candidatos")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("antiguedad.socio")}</Table.Th>
              <Table.Th>{t("antiguedad.recompensa")}</Table.Th>
              <Table.Th>{t("antiguedad.anyos")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {candidatos.data.items.map((c) => (
              <Table.Tr key={`${c.recompensa.id}-${c.socio.id}`}>
                <Table.Td>
                  {c.socio.apellidos}, {c.socio.nombre}
                </Table.Td>
                <Table.Td>{c.recompensa.nombre}</Table.Td>
                <Table.Td>{c.anyosRecompensas}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    leftSection={<IconAward size={16} aria-hidden />}
                    loading={conceder.isPending}
                    onClick={() =>
                      conceder.mutate(
                        { idRecompensa: c.recompensa.id, idSocio: c.socio.id, anyo },
                        {
                          onSuccess: () =>
                            notifications.show({
                              color: "green",
                              message: t("antiguedad.concedida"),
                            }),
                          onError: (e) => notificarError(e),
                        },
                      )
                    }
                  >
                    {t("antiguedad.conceder")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Card>
  );
}

function Concedidas({ anyo }: { anyo: number }) {
  const { t } = useTranslation();
  const concedidas = useConcesiones(anyo);
  const { retirar } = useMutacionesAntiguedad();
  const items = concedidas.data?.items ?? [];
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        {t("antiguedad.concedidas")}
      </Title>
      {concedidas.isError ? <Alert color="red">{mensajeDeError(concedidas.error)}</Alert> : null}
      {concedidas.data && items.length === 0 ? (
        <Text c="dimmed">{t("antiguedad.sinConcedidas")}</Text>
      ) : null}
      {items.length > 0 ? (
        <Table striped aria-label={t("antiguedad.concedidas")}>
          <Table.Tbody>
            {items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {c.socio.apellidos}, {c.socio.nombre}
                </Table.Td>
                <Table.Td>{c.recompensa.nombre}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={16} aria-hidden />}
                      onClick={() =>
                        descargarDeApi(
                          `/recompensas/concesiones/${c.id}/diploma`,
                          `diploma-${c.id}.pdf`,
                        ).catch((e) => notificarError(e))
                      }
                    >
                      {t("antiguedad.diploma")}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        retirar.mutate(c.id, {
                          onSuccess: () =>
                            notifications.show({
                              color: "green",
                              message: t("antiguedad.retirada"),
                            }),
                          onError: (e) => notificarError(e),
                        })
                      }
                    >
                      {t("antiguedad.retirar")}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Card>
  );
}

function Reglas() {
  const { t } = useTranslation();
  const reglas = useRecompensas();
  const { crearRegla, cambiarRegla } = useMutacionesAntiguedad();
  const [nombre, setNombre] = useState("");
  const [anyos, setAnyos] = useState<number>(25);
  const avisar = { onError: (e: unknown) => notificarError(e) };
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        {t("antiguedad.reglas")}
      </Title>
      <Table aria-label={t("antiguedad.reglas")}>
        <Table.Tbody>
          {(reglas.data?.items ?? []).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.nombre}</Table.Td>
              <Table.Td>
                {r.anyos} {t("antiguedad.anyos").toLowerCase()}
              </Table.Td>
              <Table.Td>
                <Switch
                  label={t("antiguedad.activa")}
                  checked={r.activa}
                  onChange={(e) =>
                    cambiarRegla.mutate(
                      {
                        id: r.id,
                        nombre: r.nombre,
                        anyos: r.anyos,
                        activa: e.currentTarget.checked,
                      },
                      avisar,
                    )
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="end" mt="sm">
        <TextInput
          label={t("antiguedad.nombre")}
          value={nombre}
          onChange={(e) => setNombre(e.currentTarget.value)}
        />
        <NumberInput
          label={t("antiguedad.anyos")}
          value={anyos}
          min={1}
          max={150}
          w={100}
          onChange={(v) => typeof v === "number" && setAnyos(v)}
        />
        <Button
          disabled={nombre.trim() === ""}
          loading={crearRegla.isPending}
          onClick={() =>
            crearRegla.mutate(
              { nombre: nombre.trim(), anyos, activa: true },
              { onSuccess: () => setNombre(""), ...avisar },
            )
          }
        >
          {t("antiguedad.nuevaRegla")}
        </Button>
      </Group>
    </Card>
  );
}

function TiposInfantiles() {
  const { t } = useTranslation();
  const tipos = useTiposSocio();
  const ajustes = useAjustesAntiguedad();
  const { guardarAjustes } = useMutacionesAntiguedad();
  const [elegidos, setElegidos] = useState<string[] | null>(null);
  const valor = elegidos ?? (ajustes.data?.idsTipoInfantil ?? []).map(String);
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4">
        {t("antiguedad.infantiles")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("antiguedad.infantilesAyuda")}
      </Text>
      <Group align="end">
        <MultiSelect
          aria-label={t("antiguedad.infantiles")}
          data={(tipos.data ?? []).map((tp) => ({ value: String(tp.id), label: tp.nombre }))}
          value={valor}
          onChange={setElegidos}
          miw={280}
        />
        <Button
          loading={guardarAjustes.isPending}
          onClick={() =>
            guardarAjustes.mutate(
              { idsTipoInfantil: valor.map(Number) },
              {
                onSuccess: () => {
                  setElegidos(null);
                  notifications.show({ color: "green", message: t("antiguedad.guardado") });
                },
                onError: (e) => notificarError(e),
              },
            )
          }
        >
          {t("antiguedad.guardar")}
        </Button>
      </Group>
    </Card>
  );
}
