import { type MiActo, mensajeDeError } from "@fila/domain";
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDeferredValue } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { fechaConHora } from "./formato-actos";
import clases from "./resumen-actos-home.module.css";
import { useMisActos, useMisPuntos } from "./use-actos";

const PROXIMOS_EN_HOME = 3;

/** On the usuario and socio homes: my attendance points and my next events. */
export function ResumenActosHome() {
  // Any role, administrators included ("Cambiar a Fester"): the API answers for the account's
  // own member (no member: no events and zero points).
  return (
    <div className={clases.resumen}>
      <MisPuntosCard />
      <ProximosActosCard />
    </div>
  );
}

function MisPuntosCard() {
  const { t } = useTranslation();
  const puntos = useMisPuntos();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-puntos">
      <Title order={2} size="h4" id="home-puntos" mb="sm">
        {t("actos.home.puntos")}
      </Title>
      {puntos.isError ? (
        <Text size="sm" c="dimmed">
          {mensajeDeError(puntos.error)}
        </Text>
      ) : (
        <div className={clases.cifras}>
          <div>
            <p className={clases.cifra} data-testid="puntos-anyo">
              {puntos.data?.puntosAnyo ?? "–"}
            </p>
            <p className={clases.pie}>
              {t("actos.home.esteAnyo", { anyo: puntos.data?.anyo ?? new Date().getFullYear() })}
            </p>
          </div>
          <div>
            <p className={clases.cifra} data-testid="puntos-total">
              {puntos.data?.puntosTotal ?? "–"}
            </p>
            <p className={clases.pie}>{t("actos.home.total")}</p>
          </div>
        </div>
      )}
    </Card>
  );
}

function ProximosActosCard() {
  const { t } = useTranslation();
  const actos = useMisActos();
  // Drawn as a transition (in slices) when the answer arrives: a query's answer otherwise
  // re-renders at once, in one piece, and this card is not what the person is waiting for.
  const datos = useDeferredValue(actos.data);
  const proximos = (datos?.items ?? []).slice(0, PROXIMOS_EN_HOME);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-actos">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="home-actos">
          {t("actos.home.proximos")}
        </Title>
        <Anchor component={Link} to="/misactos" size="sm">
          {t("actos.home.verTodos")}
        </Anchor>
      </Group>
      {actos.isError ? (
        <Text size="sm" c="dimmed">
          {mensajeDeError(actos.error)}
        </Text>
      ) : datos === undefined ? (
        // While the list loads the card keeps the place of its events (grey shapes), so that
        // what is below it (drawn when it comes near the screen) does not move when they arrive.
        <Stack gap="sm" aria-hidden>
          {Array.from({ length: PROXIMOS_EN_HOME }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
            <Stack gap={8} key={i}>
              <Skeleton height={20} width="70%" />
              <Skeleton height={18} width="55%" />
            </Stack>
          ))}
        </Stack>
      ) : actos.isSuccess && proximos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("actos.mios.vacio")}
        </Text>
      ) : (
        <ul className={clases.lista}>
          {proximos.map((acto) => (
            <ActoEnHome key={acto.id} acto={acto} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function ActoEnHome({ acto }: { acto: MiActo }) {
  const { t } = useTranslation();
  const inscritos = acto.familia.filter((f) => f.inscrito).map((f) => f.nombre);
  return (
    <li className={clases.acto}>
      <p className={clases.nombre}>{acto.nombre}</p>
      <div className={clases.linea}>
        <p className={clases.pie}>{fechaConHora(acto.fecha, acto.hora)}</p>
        {inscritos.length > 0 ? (
          <Badge color="green" variant="light" size="sm">
            {t("actos.home.inscritos", { nombres: inscritos.join(", ") })}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" size="sm">
            {t("actos.mios.noInscrito")}
          </Badge>
        )}
      </div>
    </li>
  );
}
