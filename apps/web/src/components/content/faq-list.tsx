import { Accordion, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toQuestionAnswers } from '@/components/content/translated-content';

/**
 * Questions of the `faq` namespace as an accordion: `items` (the public FAQ) by default, or the
 * list at `itemsKey` (the in-app FAQ's sections).
 */
export function FaqList({
  headingOrder = 2,
  itemsKey = 'items',
  idPrefix = 'faq',
}: {
  headingOrder?: 2 | 3 | 4;
  itemsKey?: string;
  /** Keeps item values unique when several lists share a page. */
  idPrefix?: string;
}) {
  const { t } = useTranslation('faq');
  const items = toQuestionAnswers(t(itemsKey, { returnObjects: true }));

  return (
    <Accordion variant="separated" radius="md" order={headingOrder} multiple>
      {items.map((item, index) => (
        <Accordion.Item key={index} value={`${idPrefix}-${index}`}>
          <Accordion.Control>
            <Text component="span" fw={600}>
              {item.question}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text c="dark.7" style={{ whiteSpace: 'pre-line' }}>
              {item.answer}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
