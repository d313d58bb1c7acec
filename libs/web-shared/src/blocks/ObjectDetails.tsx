import { objectPriceText, text as ruleText } from '@shop/domain';
import { Link } from 'react-router-dom';
import { t } from '../texts';
import { Html } from '../ui/Html';
import { arr, str, usePage, type BlockProps } from './block-props';
import { ImageSlider } from './ImageSlider';

/**
 * §2.9 "Object details: optional text; table of label/value rows; image slider; price with caption (default
 * 'Gesamtpreis') followed by an asterisk; a fixed German note on statutory additional costs; button 'Anfrage senden'
 * to /kontakt." The price is the current object's (§5 'Preis auf Anfrage' when missing or zero). The note names
 * the purchase taxes, so a rental object has neither the note nor its asterisk (issue 43).
 */
export function ObjectDetails({ block }: BlockProps) {
  const { node } = usePage();
  const data = node?.content.object_data as { price?: number; type?: string } | undefined;
  const price = data?.price;
  const forSale = data?.type !== 'rent';
  return (
    <section className="block block--object-details">
      <div className="block__text">
        <Html html={block.text} />
        <table className="details">
          <tbody>
            {arr(block.data).map((row, i) => (
              <tr key={i}>
                <th scope="row">{str(row.label)}</th>
                <td>{str(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="price">
          <span className="price__caption">
            {str(block.price_description) || ruleText('priceCaptionDefault')}
            {forSale && '*'}
          </span>{' '}
          <strong>{objectPriceText(price)}</strong>
        </p>
        {forSale && <p className="price__note">* {t('additionalCostsNote')}</p>}
        <Link className="button" to="/kontakt">
          {t('sendInquiry')}
        </Link>
      </div>
      <ImageSlider images={block.images} />
    </section>
  );
}
