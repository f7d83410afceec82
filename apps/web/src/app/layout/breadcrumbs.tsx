import { breadcrumbTrail, routePermissions } from '@erp/shared';
import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
  breadcrumbLinkClass,
} from '@/components/ui/breadcrumb.tsx';

/**
 * Built from the path, starting at Início, with the spec's labels. The last crumb is not a link;
 * a middle crumb that is not a screen of its own (e.g. "Cadastros" for /matriz) is plain text.
 */
export function Breadcrumbs({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname);
  return (
    <Breadcrumb className={className}>
      <BreadcrumbList>
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          return (
            <Fragment key={crumb.to}>
              {i > 0 ? (
                <li aria-hidden className="hidden sm:inline-flex">
                  <BreadcrumbSeparator />
                </li>
              ) : null}
              {/* on a phone only the current screen fits */}
              <BreadcrumbItem className={last ? undefined : 'hidden sm:inline-flex'}>
                {last ? (
                  <BreadcrumbPage>{crumb.label}</BreadcrumbPage>
                ) : crumb.to in routePermissions ? (
                  <Link to={crumb.to} className={breadcrumbLinkClass}>
                    {crumb.label}
                  </Link>
                ) : (
                  <span className="truncate">{crumb.label}</span>
                )}
              </BreadcrumbItem>
            </Fragment>
          );
        })}
      </BreadcrumbList>
    </Breadcrumb>
  );
}
