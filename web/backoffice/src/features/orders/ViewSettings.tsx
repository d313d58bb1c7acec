import { T } from '../../texts';
import { useViewSetting } from './view-settings';

/** The two switches of the order views: show product data, show customer data. */
export function ViewSettings() {
  const [products, setProducts] = useViewSetting('showProductData');
  const [customers, setCustomers] = useViewSetting('showCustomerData');
  return (
    <span className="view-settings">
      <label className="check">
        <input type="checkbox" checked={products} onChange={(e) => setProducts(e.target.checked)} />
        {T.orders.showProductData}
      </label>
      <label className="check">
        <input type="checkbox" checked={customers} onChange={(e) => setCustomers(e.target.checked)} />
        {T.orders.showCustomerData}
      </label>
    </span>
  );
}
