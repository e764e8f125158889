import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * The portal's own feed format, as an XML Schema (public; documented at /integracje/format). The parser
 * (lib/feeds/formats/portal.ts) reads exactly this; values are the catalogue's slugs (docs/catalogue.md).
 */
export const PORTAL_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:portal:feed:1"
           xmlns="urn:portal:feed:1" elementFormDefault="qualified">
  <xs:element name="portal-feed">
    <xs:complexType>
      <xs:choice minOccurs="0" maxOccurs="unbounded">
        <xs:element name="offer" type="Offer"/>
        <xs:element name="end">
          <xs:complexType><xs:attribute name="id" type="ExternalId" use="required"/></xs:complexType>
        </xs:element>
      </xs:choice>
      <!-- full: every offer of the company (the ones missing are ended); changes: only the offers named -->
      <xs:attribute name="mode" use="required">
        <xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value="full"/><xs:enumeration value="changes"/></xs:restriction></xs:simpleType>
      </xs:attribute>
      <!-- a file older than the last one applied is skipped -->
      <xs:attribute name="generated" type="xs:dateTime"/>
    </xs:complexType>
  </xs:element>
  <xs:simpleType name="ExternalId">
    <xs:restriction base="xs:string"><xs:pattern value="[A-Za-z0-9_.\\-/]{1,100}"/></xs:restriction>
  </xs:simpleType>
  <xs:complexType name="Offer">
    <xs:sequence>
      <!-- a category slug: mieszkanie, dom, blizniak, dzialka, lokal-uzytkowy, garaz, pokoj ... -->
      <xs:element name="category" type="xs:string"/>
      <!-- sprzedaz | wynajem | zamiana | oddam (or sell | rent | exchange | for_free) -->
      <xs:element name="transaction" type="xs:string"/>
      <xs:element name="title" minOccurs="0"><xs:simpleType><xs:restriction base="xs:string"><xs:maxLength value="70"/></xs:restriction></xs:simpleType></xs:element>
      <xs:element name="description" type="xs:string"/>
      <xs:element name="price">
        <xs:complexType><xs:simpleContent><xs:extension base="xs:decimal">
          <xs:attribute name="currency" type="xs:string" fixed="PLN"/>
        </xs:extension></xs:simpleContent></xs:complexType>
      </xs:element>
      <xs:element name="location">
        <xs:complexType>
          <xs:attribute name="city" type="xs:string" use="required"/>
          <xs:attribute name="district" type="xs:string"/>
          <xs:attribute name="street" type="xs:string"/>
          <xs:attribute name="lat" type="xs:decimal"/>
          <xs:attribute name="lon" type="xs:decimal"/>
        </xs:complexType>
      </xs:element>
      <!-- an attribute slug (metraz, ilosc-pokoi, pietro, dodatkowe ...) and its value or option slug;
           multi-valued attributes (okres-wynajmu, dodatkowe, blisko) repeat the element -->
      <xs:element name="attribute" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType><xs:simpleContent><xs:extension base="xs:string">
          <xs:attribute name="slug" type="xs:string" use="required"/>
        </xs:extension></xs:simpleContent></xs:complexType>
      </xs:element>
      <!-- an http(s) URL, or a file name inside the ZIP; at most 40 are used -->
      <xs:element name="photo" type="xs:string" minOccurs="0" maxOccurs="100"/>
    </xs:sequence>
    <xs:attribute name="id" type="ExternalId" use="required"/>
  </xs:complexType>
</xs:schema>
`

const xsd: FastifyPluginAsyncZod = async (app) => {
  app.get('/feeds/portal.xsd', {
    schema: { tags: ['feeds'], summary: "The portal feed format's XML Schema (public)", response: { 200: z.string() } },
  }, async (_request, reply) => {
    reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600')
    return PORTAL_XSD
  })
}
export default xsd
