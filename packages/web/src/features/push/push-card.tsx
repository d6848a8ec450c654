import { Card, CloseButton, Group, Image, Text } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import type { MensajePush } from "./eventos";

/** The foreground push card of SPEC §2: title, body, image and a close X. */
export function PushCard({ mensaje, alCerrar }: { mensaje: MensajePush; alCerrar: () => void }) {
  const { t } = useTranslation();
  const { title, body, image } = mensaje.notification;
  return (
    <Card
      role="status"
      aria-label={t("push.notificacion")}
      withBorder
      shadow="lg"
      radius="md"
      padding="md"
      pos="fixed"
      top={72}
      right={16}
      w="min(380px, calc(100vw - 32px))"
      style={{ zIndex: 300 }}
    >
      {image ? (
        <Card.Section>
          <Image src={image} alt="" h={160} fit="cover" />
        </Card.Section>
      ) : null}
      <Group justify="space-between" align="flex-start" wrap="nowrap" mt={image ? "sm" : 0}>
        <Text fw={700}>{title}</Text>
        <CloseButton aria-label={t("push.cerrar")} onClick={alCerrar} />
      </Group>
      {body ? (
        <Text size="sm" mt={4} style={{ whiteSpace: "pre-line" }}>
          {body}
        </Text>
      ) : null}
    </Card>
  );
}
