import { Anchor, Group, List, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { TipoBadge } from "./tipo-badge";
import { type FamiliaSocio, nombreCompleto, type SocioResumen } from "./tipos";

function EnlaceSocio({ socio }: { socio: SocioResumen }) {
  return (
    <Group gap="xs" wrap="nowrap" component="span">
      <Anchor component={Link} to={`/socios/ficha/${socio.id}`}>
        {nombreCompleto(socio)}
      </Anchor>
      <TipoBadge tipo={socio.tipo} size="sm" />
    </Group>
  );
}

function Grupo({ titulo, socios }: { titulo: string; socios: SocioResumen[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {titulo}
      </Text>
      {socios.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("socios.familia.ninguno")}
        </Text>
      ) : (
        <List size="sm" spacing={4} aria-label={titulo}>
          {socios.map((s) => (
            <List.Item key={s.id}>
              <EnlaceSocio socio={s} />
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The family links of a record: partner, parent, payer, children and whom they pay for. */
export function EnlacesFamilia({ familia }: { familia: FamiliaSocio }) {
  const { t } = useTranslation();
  const uno = (s: SocioResumen | null) => (s ? [s] : []);
  return (
    <Stack gap="sm">
      <Grupo titulo={t("socios.familia.pareja")} socios={uno(familia.pareja)} />
      <Grupo titulo={t("socios.familia.padre")} socios={uno(familia.padre)} />
      <Grupo titulo={t("socios.familia.pagador")} socios={uno(familia.pagador)} />
      <Grupo titulo={t("socios.familia.hijos")} socios={familia.hijos ?? []} />
      <Grupo titulo={t("socios.familia.pagaA")} socios={familia.pagaA ?? []} />
    </Stack>
  );
}
