import { ActionIcon, Indicator } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { useNoLeidas } from "./use-alertas";

/**
 * Header bell: unread alerts as a badge; opens the alerts page. Until the count has loaded it
 * announces just "Alertas", never a count it does not know.
 */
export function CampanaAlertas() {
  const { t } = useTranslation();
  const { data } = useNoLeidas();
  const noLeidas = data?.noLeidas ?? 0;
  return (
    <Indicator
      label={noLeidas > 99 ? "99+" : noLeidas}
      disabled={noLeidas === 0}
      size={18}
      color="red"
      offset={4}
    >
      <ActionIcon
        component={Link}
        to="/alertas"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={data ? t("alertas.campana", { n: noLeidas }) : t("alertas.titulo")}
      >
        <IconBell size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
