import { Anchor, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * One figure of a dashboard: its name, the figure large, a line saying what it counts, and
 * where to see the rows behind it. The operator's work and today's figures and the agency's
 * cards are all this one card (docs/decisions/021), so they read and wrap the same. The card is
 * a section named by its title, so a screen reader lists each figure by name.
 */
export function FigureCard({
  id,
  title,
  value,
  valueLabel,
  detail,
  icon: CardIcon,
  link,
}: {
  /** The title's element id (the section is labelled by it). */
  id: string;
  title: string;
  value: string;
  /** What a screen reader says for the figure when the digits alone are not enough. */
  valueLabel?: string;
  detail: string;
  icon?: Icon;
  link?: { to: string; label: string };
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        {CardIcon ? (
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <CardIcon size={20} />
          </ThemeIcon>
        ) : null}
        <Text id={id} fw={700}>
          {title}
        </Text>
        <Text
          fz={28}
          fw={800}
          lh={1.1}
          aria-label={valueLabel}
          style={{ overflowWrap: 'anywhere' }}
        >
          {value}
        </Text>
        <Text fz="sm" c="dark.6">
          {detail}
        </Text>
        {link ? (
          <Anchor component={Link} to={link.to} fw={600} fz="sm">
            {link.label}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
