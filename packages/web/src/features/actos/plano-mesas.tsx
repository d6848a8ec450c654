import { type ComensalMesa, DIETAS, mensajeDeError, type PlanMesas } from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArmchair, IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
import { descargarDeApi } from "../../lib/descargar";
import { type TFunction, useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { Cargando } from "../socios/estado-carga";
import { useMutacionesMesas, usePlanMesas } from "./use-mesas";

const SIN_MESA = "sin";

/** "Ana (celíaco)": the diets of a diner and their named companions, for the cards. */
function etiquetaDietas(t: TFunction, c: ComensalMesa): string {
  const nombres = [c.dietas, ...c.acompanantes.map((a) => a.dietas)]
    .flat()
    .map((d) => t(`actos.dietas.${d}`));
  return nombres.join(", ");
}

/**
 * The board's plan of a seated dinner (`?vista=mesas`, issue 50): tables as numbered cards, people
 * dragged between them (or moved with the select next to each), the rest seated automatically,
 * and the plan and place cards printed.
 */
export function PlanoMesas({ idActo }: { idActo: number }) {
  const { t } = useTranslation();
  const plan = usePlanMesas(idActo);
  const { mover, automatico } = useMutacionesMesas(idActo);
  const [arrastrando, setArrastrando] = useState<number | null>(null);
  const [descargando, setDescargando] = useState<string | null>(null);

  if (plan.isPending) return <Cargando />;
  if (plan.isError) {
    return (
      <Alert role="alert" color="red" title={t("actos.errorCarga")}>
        {mensajeDeError(plan.error)}
      </Alert>
    );
  }
  const datos: PlanMesas = plan.data;
  if (datos.plazasPorMesa === null) return <Text c="dimmed">{t("actos.cena.noHayMesas")}</Text>;

  async function moverA(idInscripcion: number, destino: string) {
    try {
      await mover.mutateAsync({
        idInscripcion,
        idMesa: destino === SIN_MESA ? null : Number(destino),
      });
    } catch (e) {
      notificarError(e, t("actos.cena.errorMover"));
    }
  }

  async function sentar() {
    try {
      const r = await automatico.mutateAsync();
      notifications.show({ color: "green", message: t("actos.cena.sentados", r) });
    } catch (e) {
      notificarError(e, t("actos.cena.errorMover"));
    }
  }

  async function imprimir(tipo: "plan" | "tarjetas") {
    setDescargando(tipo);
    try {
      await descargarDeApi(`/actos/${idActo}/mesas/pdf?tipo=${tipo}`, `${tipo}-${idActo}.pdf`);
    } catch (e) {
      notificarError(e, t("actos.listado.errorExportar"));
    } finally {
      setDescargando(null);
    }
  }

  const opciones = [
    { value: SIN_MESA, label: t("actos.cena.sinSentar") },
    ...datos.mesas.map((m) => ({
      value: String(m.id),
      label: t("actos.cena.mesa", { numero: m.numero }),
    })),
  ];
  const persona = (c: ComensalMesa, actual: string) => (
    <Group
      key={c.idInscripcion}
      gap={4}
      justify="space-between"
      wrap="nowrap"
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData("text/plain", String(c.idInscripcion));
        setArrastrando(c.idInscripcion);
      }}
      onDragEnd={() => setArrastrando(null)}
      style={{ cursor: "grab" }}
      data-testid={`comensal-${c.idInscripcion}`}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {`${c.nombre} ${c.apellidos}`.trim()}
          {c.invitados > 0 ? ` +${c.invitados}` : ""}
        </Text>
        {c.acompanantes.length > 0 ? (
          <Text size="xs" c="dimmed" truncate>
            {c.acompanantes.map((a) => a.nombre).join(", ")}
          </Text>
        ) : null}
        {etiquetaDietas(t, c) ? (
          <Text size="xs" c="orange">
            {etiquetaDietas(t, c)}
          </Text>
        ) : null}
      </Stack>
      <NativeSelect
        size="xs"
        w={110}
        aria-label={t("actos.cena.moverA")}
        data={opciones}
        value={actual}
        onChange={(e) => void moverA(c.idInscripcion, e.currentTarget.value)}
      />
    </Group>
  );
  const soltarEn = (destino: string) => ({
    onDragOver: (e: React.DragEvent) => e.preventDefault(),
    onDrop: (e: React.DragEvent) => {
      e.preventDefault();
      const id = Number(e.dataTransfer.getData("text/plain") || arrastrando);
      if (id > 0) void moverA(id, destino);
    },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t("actos.cena.plano")}
        </Title>
        <Group gap="xs">
          <Button
            leftSection={<IconArmchair size={16} aria-hidden />}
            loading={automatico.isPending}
            disabled={datos.sinMesa.length === 0}
            onClick={() => void sentar()}
          >
            {t("actos.cena.sentarResto")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            loading={descargando === "plan"}
            onClick={() => void imprimir("plan")}
          >
            {t("actos.cena.imprimirPlano")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            loading={descargando === "tarjetas"}
            onClick={() => void imprimir("tarjetas")}
          >
            {t("actos.cena.imprimirTarjetas")}
          </Button>
        </Group>
      </Group>
      <Group gap="xs" data-testid="recuento-dietas">
        <Badge variant="light">
          {t("actos.cena.sinDieta")}: {datos.recuento.sinDieta}
        </Badge>
        {DIETAS.map((d) => (
          <Badge key={d} variant="light" color="orange">
            {t(`actos.dietas.${d}`)}: {datos.recuento.porDieta[d]}
          </Badge>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {datos.mesas.map((m) => (
          <Card
            key={m.id}
            withBorder
            radius="md"
            padding="sm"
            component="section"
            aria-label={t("actos.cena.mesa", { numero: m.numero })}
            data-testid={`mesa-${m.numero}`}
            {...soltarEn(String(m.id))}
          >
            <Group justify="space-between" mb="xs">
              <Text fw={700}>{t("actos.cena.mesa", { numero: m.numero })}</Text>
              <Badge color={m.ocupadas >= m.plazas ? "red" : "blue"} variant="light">
                {t("actos.cena.ocupadas", { ocupadas: m.ocupadas, plazas: m.plazas })}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" mb="xs">
              {m.codigo}
            </Text>
            <Stack gap="xs">{m.comensales.map((c) => persona(c, String(m.id)))}</Stack>
          </Card>
        ))}
        <Card
          withBorder
          radius="md"
          padding="sm"
          component="section"
          aria-label={t("actos.cena.sinSentar")}
          data-testid="sin-mesa"
          style={{ borderStyle: "dashed" }}
          {...soltarEn(SIN_MESA)}
        >
          <Text fw={700} mb="xs">
            {t("actos.cena.sinSentar")} ({datos.sinMesa.length})
          </Text>
          <Stack gap="xs">{datos.sinMesa.map((c) => persona(c, SIN_MESA))}</Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
