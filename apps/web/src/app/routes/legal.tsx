import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import NotFoundRoute from './not-found';

const DOCUMENTS: Record<string, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
};

/** Placeholders until the legal texts are written. */
export default function LegalRoute() {
  const { doc = '' } = useParams();
  const title = DOCUMENTS[doc];
  if (!title) return <NotFoundRoute />;

  return (
    <>
      <PageTitle page={title} />
      <article className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-4xl font-bold">{title}</h1>
        <p className="mt-6 text-base-content/80">
          Our {title.toLowerCase()} is being prepared and will be published here soon. If you have a question in the
          meantime, we are happy to help.
        </p>
        <Link to={paths.contact} className="btn mt-8 btn-primary">
          Contact Us
        </Link>
      </article>
    </>
  );
}
