import type { Branch, DeliveryArea } from '@shop/contracts';
import { text } from '@shop/domain';
import { setDeliveryArea } from '../../state/cart-store';
import { FieldLabel } from '../../ui/FieldLabel';
import { FieldMessages } from '../../ui/FieldMessages';

/**
 * The delivery-area choice ('Liefergebiet', §2.5) of a branch: the cart and the checkout share it; the choice is
 * kept in the branch's cart. The checkout marks it required and shows the server's messages under it.
 */
export function DeliveryAreaField({
  id,
  branch,
  area,
  required = false,
  messages = [],
}: {
  id: string;
  branch: Pick<Branch, 'identifier' | 'deliveryAreas'>;
  area: DeliveryArea | null;
  required?: boolean;
  messages?: string[];
}) {
  const errorId = `${id}-error`;
  return (
    <div className={`field${messages.length ? ' field--error' : ''}`}>
      <FieldLabel htmlFor={id} required={required}>
        {text('deliveryAreaLabel')}
      </FieldLabel>
      <select
        id={id}
        value={area?.area ?? ''}
        aria-required={required || undefined}
        aria-describedby={messages.length ? errorId : undefined}
        onChange={(e) =>
          setDeliveryArea(branch.identifier, branch.deliveryAreas.find((a) => a.area === e.target.value) ?? null)
        }
      >
        {branch.deliveryAreas.map((a) => (
          <option key={a.area} value={a.area}>
            {a.area}
          </option>
        ))}
      </select>
      <FieldMessages id={errorId} messages={messages} />
    </div>
  );
}
